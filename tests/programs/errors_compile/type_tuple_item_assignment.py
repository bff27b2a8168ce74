# error: TypeError 4
def f(n: int) -> int:
    t = (n, n)
    t[0] = 1
    return n
