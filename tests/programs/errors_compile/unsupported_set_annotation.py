# error: Unsupported 3
def f(n: int) -> int:
    seen: set[int] = set()
    return n
