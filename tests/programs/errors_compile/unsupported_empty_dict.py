# error: Unsupported 4
def f(s: str) -> int:
    n = len(s)
    d = {}
    return n
