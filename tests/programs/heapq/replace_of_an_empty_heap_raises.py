# args: [[], 3]
# raises: IndexError
import heapq


def swap(h: list[int], x: int) -> int:
    return heapq.heapreplace(h, x)
