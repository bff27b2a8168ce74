# args: [[2, 1]]
# expect: ([2, 1], [1, 2], [1, 2])
def f(xs: list[int]) -> tuple[list[int], list[int], list[int]]:
    ys = xs
    a = sorted(xs)
    before = xs[:]
    ys.sort()
    return before, a, xs
