# Float literals are correctly rounded whatever their length or exponent.
# args: [0.0]
# expect: 1e+300
def f(x: float) -> float:
    a = 3.141592653589793238462643383279 - 3.141592653589793
    b = 5e-324 * 0.0 + 2.2250738585072011e-308
    c = 1e300 + 0.1234567890123456789 * 2.2250738585072014e-308
    if a != 0.0 or b == 0.0:
        return -1.0
    return c + 1.0000000000000002e+300 - 1e300 + x
