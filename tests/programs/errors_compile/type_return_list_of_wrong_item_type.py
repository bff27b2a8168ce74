# error: TypeError 4
def f(n: int) -> int:
    xs = [1.5]
    return xs[0]
