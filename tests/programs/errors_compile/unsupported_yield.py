# error: Unsupported 3
def f(n: int) -> int:
    yield n
