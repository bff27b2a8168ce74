# error: Unsupported 2:8
import numpy


def f(n: int) -> int:
    return n
