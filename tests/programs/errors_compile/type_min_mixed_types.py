# error: TypeError 3
def f(n: int, s: str) -> int:
    return min(n, s)
