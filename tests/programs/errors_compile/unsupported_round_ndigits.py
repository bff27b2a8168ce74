# error: Unsupported 3
def f(x: float) -> float:
    return round(x, 2)
