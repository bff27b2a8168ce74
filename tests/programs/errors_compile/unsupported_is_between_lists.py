# error: Unsupported 5
def f(n: int) -> bool:
    a = [n]
    b = a
    return a is b
