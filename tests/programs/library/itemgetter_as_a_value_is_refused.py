# error: Unsupported 5:9
from operator import itemgetter

def f(xs: list[int]) -> int:
    g = itemgetter(0)
    return len(xs)
