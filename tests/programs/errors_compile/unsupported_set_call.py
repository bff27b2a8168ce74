# error: Unsupported 3
def f(s: str) -> int:
    return len(set(s))
