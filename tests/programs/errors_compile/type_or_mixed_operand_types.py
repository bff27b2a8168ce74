# error: TypeError 3
def f(n: int) -> str:
    return n or 'none'
