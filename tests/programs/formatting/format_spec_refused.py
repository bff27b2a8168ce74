# error: Unsupported 3:12
def f(n: int) -> str:
    return '{:b}'.format(n)
