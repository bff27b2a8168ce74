# A tuple is never equal to a list of the same items, and isinstance says
# tuple.
# args: [(1, 2)]
# expect: [False, True, False, True]
def f(t: tuple[int, ...]) -> list[bool]:
    xs = list(t)
    return [isinstance(t, list), isinstance(t, tuple), len(xs) == 0, list(t) == xs]
