# sum(floats, int) of no items is the int start itself: status Unsupported,
# for the CPython path to judge; a float start stays a float.
# args: [[]]
# raises: Unsupported
# args: [[1.5]]
# expect: 2.5
def f(xs: list[float]) -> float:
    return sum(xs, 1)
