# error: Unsupported 3
def f(s: str) -> int:
    n = len([c for c in s])
    return n
