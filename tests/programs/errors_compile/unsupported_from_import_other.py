# error: Unsupported 2
from itertools import accumulate


def f(n: int) -> int:
    return len(list(accumulate([n])))
