# A tuple key: count descending, then the word ascending.
# args: [[('b', 2), ('a', 2), ('c', 5), ('d', 1)]]
# expect: ['c', 'a', 'b', 'd']
def f(ps: list[tuple[str, int]]) -> list[str]:
    ordered = sorted(ps, key=lambda p: (-p[1], p[0]))
    return [p[0] for p in ordered]
