# error: TypeError 4
def f(n: int) -> int:
    t = (n, n, n)
    a, b = t
    return a + b
