# args: [[4, 5], 5]
# expect: 1
# args: [[4, 5], 6]
# raises: ValueError
def f(xs: list[int], x: int) -> int:
    return xs.index(x)
