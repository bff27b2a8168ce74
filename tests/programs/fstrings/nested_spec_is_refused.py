# error: Unsupported 3:14
def f(x: float, w: int) -> str:
    return f"{x:{w}}"
