# error: NameError 3:12
def f(x: float) -> float:
    return math.sqrt(x)
