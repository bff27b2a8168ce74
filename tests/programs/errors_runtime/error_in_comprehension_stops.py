# The first error ends the call, in the middle of building the list.
# args: [[1, 2]]
# expect: 15
# args: [[1, 0, 2]]
# raises: ZeroDivisionError
def f(xs: list[int]) -> int:
    ys = [10 // x for x in xs]
    return sum(ys)
