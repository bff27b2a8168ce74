# INT64_MIN // -1 is 2**63: beyond int64 (C would trap).
# args: [-9223372036854775808, -1]
# raises: OverflowError
# args: [-9223372036854775808, 1]
# expect: -9223372036854775808
# args: [-9223372036854775808, 2]
# expect: -4611686018427387904
def f(a: int, b: int) -> int:
    return a // b
