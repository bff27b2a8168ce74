# signature: def f(x: int) -> int
# error: Unsupported 3:10
def f(x: int | str) -> int:
    return 1
