# A tuple of any length compares with one of fixed items as CPython does:
# by items, then by length.
# args: [(1, 2)]
# expect: [True, False, True, False, True]
# args: [(1, 2, 0)]
# expect: [False, True, False, True, False]
def f(t: tuple[int, ...]) -> list[bool]:
    return [t == (1, 2), t > (1, 2), (1, 2) == t, (1, 2) < t, t <= (1, 2)]
