# error: TypeError 5
def f(x: int) -> float:
    y = 0.5
    if x > 0:
        y = x
    return y
