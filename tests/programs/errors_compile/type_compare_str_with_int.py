# error: TypeError 3
def f(s: str, n: int) -> bool:
    return s < n
