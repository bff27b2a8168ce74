# An `or` chain as an if test jumps into the block from each operand (each
# int comparison negated): every comparison, at the int64 extremes too.
# args: [5, 5]
# expect: 38
# args: [4, 5]
# expect: 11
# args: [6, 5]
# expect: 56
# args: [-9223372036854775808, 9223372036854775807]
# expect: 43
# args: [9223372036854775807, -9223372036854775808]
# expect: 62
def f(a: int, b: int) -> int:
    r = 0
    if a < b or a < -9223372036854775807:
        r += 1
    if a <= b or 7 <= a:
        r += 2
    if a == b or a == 9223372036854775807:
        r += 4
    if a != b or b != 5:
        r += 8
    if a > b or a > 5:
        r += 16
    if a >= b or b >= 9223372036854775807:
        r += 32
    return r
