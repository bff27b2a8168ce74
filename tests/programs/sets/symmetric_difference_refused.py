# error: Unsupported 3:23
def f(a: str, b: str) -> int:
    return len(set(a) ^ set(b))
