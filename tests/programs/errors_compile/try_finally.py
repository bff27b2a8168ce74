# error: Unsupported 5:5
def f(k: int) -> int:
    try:
        k += 1
    finally:
        k += 2
    return k
