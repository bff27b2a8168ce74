# error: TypeError 4
def f(x: int) -> float:
    y = 0.5
    y = x
    return y
