# An expression with a constant operand raises as CPython does: // and %
# by a zero constant, and a product or sum past 64 bits.
# args: [1, 0]
# raises: ZeroDivisionError
# args: [1, 1]
# raises: ZeroDivisionError
# args: [4611686018427387904, 2]
# raises: OverflowError
# args: [9223372036854775806, 3]
# raises: OverflowError
# args: [5, 3]
# expect: 8
def f(a: int, b: int) -> int:
    if b == 0:
        return (a + b) // 0
    if b == 1:
        return (a - b) % 0
    if b == 2:
        return (a + 0) * 2
    if b == 3:
        return (a + 0) + 2 + 1
    return a + b
