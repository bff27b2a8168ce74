# rounding: libm
# args: [646872.0]
# raises: Unsupported
# args: [646873.0]
# expect: 804.2841537665653
def f(x: float) -> float:
    return x ** 0.5
