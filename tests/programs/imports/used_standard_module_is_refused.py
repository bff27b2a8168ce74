# error: Unsupported 2:8
import os


def f(n: int) -> int:
    return len(os.sep) + n
