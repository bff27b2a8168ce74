# error: Unsupported 4:9
def f(k: int) -> int:
    try:
        def g(x: int) -> int:
            return 10 // x
    except ZeroDivisionError:
        return 0
    return g(k)
