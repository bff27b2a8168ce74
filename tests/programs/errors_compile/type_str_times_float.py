# error: TypeError 3
def f(s: str) -> str:
    return s * 2.0
