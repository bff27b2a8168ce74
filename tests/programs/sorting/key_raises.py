# The key is computed for every item, so a bad item raises.
# args: [[5, 2, 1]]
# expect: 5
# args: [[5, 0, 1]]
# raises: ZeroDivisionError
def f(xs: list[int]) -> int:
    return sorted(xs, key=lambda x: 10 // x)[0]
