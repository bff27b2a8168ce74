# A float may be an int in CPython, so type() of one compared with another
# value's type is refused (the CPython path judges it).
# error: Unsupported 5:12
def f(x: float, n: int) -> bool:
    return type(x) == type(n)
