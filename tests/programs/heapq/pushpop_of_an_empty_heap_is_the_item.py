# args: [[], 3]
# expect: 3
import heapq


def swap(h: list[int], x: int) -> int:
    return heapq.heappushpop(h, x)
