# error: Unsupported 3
def f(x: float) -> str:
    return str(x)
