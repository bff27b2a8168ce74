# error: TypeError 3
def f(n: int) -> int:
    return g(n)


def g(s: str) -> int:
    return len(s)
