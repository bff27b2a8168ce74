# args: [[]]
# raises: IndexError
# args: [[4]]
# expect: 4
import heapq


def first(h: list[int]) -> int:
    return heapq.heappop(h)
