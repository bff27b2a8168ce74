# error: Unsupported 3
def f(s: str) -> int:
    try:
        return int(s)
    except ValueError:
        return 0
