# error: TypeError 3
def f(n: int) -> None:
    return n
