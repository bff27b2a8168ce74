# args: [[1, 2], [3], 2]
# expect: [1, 2, 3, 1, 2, 1, 2, 3, 3]
# args: [[1, 2], [3], 0]
# expect: [1, 2, 3]
# args: [[1, 2], [], -1]
# expect: [1, 2]
def f(xs: list[int], ys: list[int], n: int) -> list[int]:
    return xs + ys + xs * n + n * ys
