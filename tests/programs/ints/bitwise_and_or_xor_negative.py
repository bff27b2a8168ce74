# Bitwise operators on negative ints act on infinite two's complement.
# args: [-1, 255, 0]
# expect: 255
# args: [-8, 7, 0]
# expect: 0
# args: [-5, -3, 0]
# expect: -7
# args: [-5, 3, 1]
# expect: -5
# args: [-8, 3, 1]
# expect: -5
# args: [-5, -3, 2]
# expect: 6
# args: [-9223372036854775808, -1, 2]
# expect: 9223372036854775807
# args: [12, 10, 2]
# expect: 6
def f(a: int, b: int, op: int) -> int:
    if op == 0:
        return a & b
    elif op == 1:
        return a | b
    return a ^ b
