# args: [[1, 2], -2]
# expect: 11
# args: [[1, 2], 2]
# raises: IndexError
def f(xs: list[int], i: int) -> int:
    xs[i] = 9
    return xs[0] + xs[1]
