# <<= and >>= shift, like their binary operators.
# args: [10]
# expect: 81
# args: [-3]
# expect: -2
def f(b: int) -> int:
    c = b
    b <<= 3
    c >>= 1
    b ^= 1
    b |= c & 0
    return b if b > 0 else c
