# error: TypeError 4
def f(n: int) -> bool:
    xs = [n]
    return xs == n
