# error: Unsupported 3
def f(x: float) -> str:
    return f"{x:.2f}"
