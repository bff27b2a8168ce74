# error: Unsupported 7
X = 1
X = 2


def f(n: int) -> int:
    return X + n
