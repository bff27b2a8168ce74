# A tuple is immutable, but a list inside it can still change.
# args: [[1]]
# expect: (([1, 2], 0), [1, 2])
def f(xs: list[int]) -> tuple[tuple[list[int], int], list[int]]:
    t = (xs, 0)
    t[0].append(2)
    return t, xs
