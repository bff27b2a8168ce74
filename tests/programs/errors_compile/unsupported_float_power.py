# error: Unsupported 3
def f(x: float) -> float:
    return x ** 2
