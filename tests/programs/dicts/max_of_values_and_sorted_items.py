# args: [['b', 'a', 'b', 'c', 'a', 'b']]
# expect: (3, [('a', 2), ('b', 3), ('c', 1)], 'b')
def f(xs: list[str]) -> tuple[int, list[tuple[str, int]], str]:
    d = {}
    for x in xs:
        d[x] = d.get(x, 0) + 1
    best = max(d, key=lambda k: d[k])
    return max(d.values()), sorted(d.items()), best
