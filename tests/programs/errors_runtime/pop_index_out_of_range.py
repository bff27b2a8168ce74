# args: [[1, 2, 3], -3]
# expect: 1
# args: [[1, 2, 3], 3]
# raises: IndexError
# args: [[1, 2, 3], -4]
# raises: IndexError
def f(xs: list[int], i: int) -> int:
    return xs.pop(i)
