# The generator runs only to its first item: the division by zero past it
# never happens.
# args: [[4, 2, 0]]
# expect: 4
# args: [[0, 4]]
# raises: ZeroDivisionError
def first_small(xs: list[int]) -> int:
    return next((8 // x for x in xs if 8 // x > 2), 0)
