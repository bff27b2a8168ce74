# error: Unsupported 3:20
def f(xs: list[float]) -> int:
    return len(set(xs))
