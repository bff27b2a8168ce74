# error: TypeError 3
def f(s: str, n: int) -> str:
    return s + n
