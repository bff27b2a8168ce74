# args: [[1, 2, 3], [2, 7]]
# expect: [1, 3]
def f(xs: list[int], gone: list[int]) -> list[int]:
    s = set(xs)
    for g in gone:
        s.discard(g)
    return sorted(s)
