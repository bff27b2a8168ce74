# error: Unsupported 4:14
# CPython's answer for equal ints hangs on its small-int cache.
def f(n: int) -> bool:
    return n is 300
