# args: ['abracadabra']
# expect: [('a', 5), ('b', 2), ('r', 2), ('c', 1), ('d', 1)]
def f(s: str) -> list[tuple[str, int]]:
    counts = {}
    for c in s:
        counts[c] = counts.get(c, 0) + 1
    return [(k, v) for k, v in counts.items()]
