# float() of a str follows CPython: whitespace, sign, underscores, exponents,
# inf and nan, correctly rounded; anything else is a ValueError.
# args: ["  -1_000.5e-3 "]
# expect: -1.0005
# args: ["0.1"]
# expect: 0.1
# args: ["2.2250738585072011e-308"]
# expect: 2.225073858507201e-308
# args: ["-Infinity"]
# expect: -inf
# args: ["1e400"]
# expect: inf
# args: ["1__0"]
# raises: ValueError
# args: [""]
# raises: ValueError
# args: ["0x10"]
# raises: ValueError
def f(s: str) -> float:
    return float(s)
