# error: TypeError 4
def f(n: int) -> int:
    t = (n, n)
    return t[2]
