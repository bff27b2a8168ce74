# error: Unsupported 6:11
from heapq import heappop


def f(xs: list[int]) -> int:
    pop = heappop
    return pop(xs)
