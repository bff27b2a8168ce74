# error: TypeError 3
def f(x: int) -> int:
    return int(x, 10)
