# Sums beyond signed 64 bits are the DSL's OverflowError.
# args: [9223372036854775806, 1]
# expect: 9223372036854775807
# args: [9223372036854775807, 1]
# raises: OverflowError
# args: [-9223372036854775807, -1]
# expect: -9223372036854775808
# args: [-9223372036854775808, -1]
# raises: OverflowError
def f(a: int, b: int) -> int:
    return a + b
