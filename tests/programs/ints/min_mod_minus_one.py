# INT64_MIN % -1 is 0 in Python (C would trap).
# args: [-9223372036854775808, -1]
# expect: 0
# args: [-9223372036854775808, 3]
# expect: 1
# args: [9223372036854775807, -2]
# expect: -1
def f(a: int, b: int) -> int:
    return a % b
