# error: Unsupported 3:14
def f(x: float) -> str:
    return x.hex()
