# error: Unsupported 3
def f(s: str) -> float:
    return float(s)
