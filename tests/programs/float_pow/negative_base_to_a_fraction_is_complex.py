# args: [-8.0]
# raises: Unsupported
# args: [8.0]
# expect: 2.0
def f(x: float) -> float:
    return x ** (1 / 3)
