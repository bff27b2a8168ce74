# A false link stops the chain: later operands are not evaluated.
# args: [1, 2, 5, 0]
# expect: False
# args: [3, 2, 5, 0]
# raises: ZeroDivisionError
# args: [3, 2, 6, 2]
# expect: True
# args: [3, 2, 6, 3]
# expect: False
def f(a: int, b: int, c: int, d: int) -> bool:
    return a > b < c // d
