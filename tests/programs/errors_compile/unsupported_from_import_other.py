# error: Unsupported 2
from collections import Counter


def f(n: int) -> int:
    return len(Counter([n]))
