# An entry of result int | float that returns a str on some path: its
# numbers are judged as ints and floats, the str as unequal, and an int
# past 51 bits is the int | float's OverflowError (the CPython path judges
# it again).
# overflow: intermediate
# args: ["x", 5]
# expect: 5
# args: ["x", -9223372036854775808]
# raises: OverflowError
# signature: def f(a: str, b: int) -> int | float
def f(a: str, b: int) -> int | float:
    if b > 100:
        return a
    return b
