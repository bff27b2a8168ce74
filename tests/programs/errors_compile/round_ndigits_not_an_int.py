# error: TypeError 3
def f(x: float) -> float:
    return round(x, 1.5)
