# error: Unsupported 3
def f(s: str) -> str:
    a, b = 'xy'
    return a + s + b
