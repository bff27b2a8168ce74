# args: [[1, 2, 3, 4]]
# raises: ValueError
# args: [[1, 2]]
# expect: 9
def f(xs: list[int]) -> int:
    xs[::2] = [9]
    return xs[0]
