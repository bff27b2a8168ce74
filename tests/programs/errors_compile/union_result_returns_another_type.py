# error: TypeError 5:12
def f(n: int) -> int | float:
    if n > 0:
        return n
    return "none"
