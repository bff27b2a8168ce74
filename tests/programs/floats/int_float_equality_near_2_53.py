# int == float compares exactly, not after converting the int to float.
# args: [9007199254740993, 9007199254740992.0]
# expect: False
# args: [9007199254740992, 9007199254740992.0]
# expect: True
# args: [9223372036854775807, 9.223372036854775807e18]
# expect: False
# args: [1, 1.0]
# expect: True
def f(a: int, b: float) -> bool:
    return a == b
