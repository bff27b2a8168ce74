# error: Unsupported 4:16
def f(n: int) -> str:
    fmt = "%d"
    return fmt % n
