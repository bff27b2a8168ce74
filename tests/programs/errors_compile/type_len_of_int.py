# error: TypeError 3
def f(n: int) -> int:
    return len(n)
