# args: [[1, 2, 3]]
# expect: [[1, 2, 3], [9, 2, 3]]
def f(xs: list[int]) -> list[list[int]]:
    ys = xs[:]
    ys[0] = 9
    return [xs, ys]
