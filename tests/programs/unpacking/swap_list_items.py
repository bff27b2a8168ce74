# args: [[1, 2, 3], 0, 2]
# expect: [3, 2, 1]
# args: [[1, 2, 3], 1, 1]
# expect: [1, 2, 3]
# args: [[1, 2, 3], -1, 0]
# expect: [3, 2, 1]
def f(xs: list[int], i: int, j: int) -> list[int]:
    xs[i], xs[j] = xs[j], xs[i]
    return xs
