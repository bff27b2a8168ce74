# error: Unsupported 3
def f(n: int) -> int:
    global counter
    return n
