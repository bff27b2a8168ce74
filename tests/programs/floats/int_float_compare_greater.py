# args: [9007199254740993, 9007199254740992.0]
# expect: True
# args: [-9007199254740993, -9007199254740992.0]
# expect: False
# args: [9223372036854775807, 9.223372036854775807e18]
# expect: False
def f(a: int, b: float) -> bool:
    return a > b
