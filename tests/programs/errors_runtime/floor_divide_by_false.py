# False is 0 as a divisor.
# args: [7, False]
# raises: ZeroDivisionError
# args: [7, True]
# expect: 7
def f(n: int, b: bool) -> int:
    return n // b
