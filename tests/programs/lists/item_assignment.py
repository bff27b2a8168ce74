# args: [[1, 2, 3], 0, 9]
# expect: [9, 2, 3]
# args: [[1, 2, 3], -1, 9]
# expect: [1, 2, 9]
def f(xs: list[int], i: int, v: int) -> list[int]:
    xs[i] = v
    return xs
