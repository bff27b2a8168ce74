# args: [10.0, 308.0]
# expect: 1e308
# args: [10.0, 309.0]
# raises: OverflowError
# args: [-10.0, 309.0]
# raises: OverflowError
# args: [2.0, 1023.0]
# expect: 8.98846567431158e+307
def f(x: float, y: float) -> float:
    return x ** y
