# args: [9007199254740993, 9007199254740992.0]
# expect: False
# args: [9007199254740993, 9007199254740994.0]
# expect: True
# args: [9223372036854775807, 9.223372036854775807e18]
# expect: True
# args: [-9223372036854775808, -9.223372036854775808e18]
# expect: False
# args: [3, nan]
# expect: False
# args: [3, inf]
# expect: True
def f(a: int, b: float) -> bool:
    return a < b
