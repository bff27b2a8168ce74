# error: Unsupported 4
def f(n: int) -> int:
    xs = [1, 2, 3]
    xs[1:2] = [n]
    return len(xs)
