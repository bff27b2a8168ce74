# error: TypeError 4
def f(n: int) -> int:
    xs = [n]
    ys = xs + 1
    return n
