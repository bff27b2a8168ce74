# error: Unsupported 5:26
def f(s: str) -> int:
    try:
        return int(s)
    except ValueError as e:
        return len(str(e))
