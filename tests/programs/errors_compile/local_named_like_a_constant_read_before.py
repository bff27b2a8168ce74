# error: Unsupported 7
X = 1


def f(n: int) -> int:
    y = X + n
    X = 2
    return y + X
