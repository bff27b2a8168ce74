# error: Unsupported 6:23
import heapq


def f(a: list[int], b: list[int]) -> list[int]:
    return list(heapq.merge(a, b))
