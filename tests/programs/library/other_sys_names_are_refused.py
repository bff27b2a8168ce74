# error: Unsupported 6:9
import sys


def f(n: int) -> int:
    sys.setrecursionlimit(10000)
    return n
