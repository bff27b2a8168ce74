# args: [[2, 1]]
# expect: 1
# args: [[]]
# raises: ValueError
def f(xs: list[int]) -> int:
    return min(xs)
