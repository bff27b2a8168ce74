# error: Unsupported 3:12
def f(x: float) -> bool:
    return type(x) is float
