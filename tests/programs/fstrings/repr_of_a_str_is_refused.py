# error: Unsupported 3
def f(s: str) -> str:
    return f"{s!r}"
