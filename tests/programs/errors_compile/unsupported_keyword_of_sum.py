# error: Unsupported 4
def f(n: int) -> int:
    xs = [n, 2]
    return sum(xs, begin=1)
