# float(int) rounds to nearest, ties to even.
# args: [9007199254740993]
# expect: 9007199254740992.0
# args: [9007199254740995]
# expect: 9007199254740996.0
# args: [-9223372036854775808]
# expect: -9.223372036854775808e18
# args: [9223372036854775807]
# expect: 9.223372036854775808e18
# args: [0]
# expect: 0.0
def f(a: int) -> float:
    return float(a)
