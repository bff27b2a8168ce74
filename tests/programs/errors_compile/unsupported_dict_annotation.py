# error: Unsupported 3
def f(s: str) -> int:
    counts: dict[str, int] = {}
    return len(s)
