# error: TypeError 4
def f(n: int) -> int:
    s = 'abc'
    return n - s
