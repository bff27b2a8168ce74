# args: [[(1, 2), (3, 4)], 1]
# expect: 7
# args: [[(1, 2), (3, 4)], -2]
# expect: 3
def f(ps: list[tuple[int, int]], k: int) -> int:
    a, b = ps[k]
    return a + b
