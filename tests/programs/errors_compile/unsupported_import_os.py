# error: Unsupported 2
import os


def f(n: int) -> int:
    return n
