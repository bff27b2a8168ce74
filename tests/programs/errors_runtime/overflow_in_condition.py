# An overflow in a comparison operand is still an error.
# overflow: intermediate
# args: [4611686018427387904]
# raises: OverflowError
# args: [5]
# expect: False
def f(n: int) -> bool:
    return n * 2 < 0
