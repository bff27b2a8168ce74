# args: [[1, 2, 3], 2]
# expect: 3
# args: [[1, 2, 3], 3]
# raises: IndexError
# args: [[1, 2, 3], -4]
# raises: IndexError
# args: [[], 0]
# raises: IndexError
def f(xs: list[int], i: int) -> int:
    return xs[i]
