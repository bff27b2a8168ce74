# args: [[1, 2, 3]]
# expect: ([3, 2, 1], [3, 2, 1])
# args: [[]]
# expect: ([], [])
def f(xs: list[int]) -> tuple[list[int], list[int]]:
    ys = xs
    xs.reverse()
    return xs, ys
