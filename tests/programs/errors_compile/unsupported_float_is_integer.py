# error: Unsupported 3:14
def f(x: float) -> bool:
    return x.is_integer()
