# args: [[5, 1, 4, 1, 5, 9, 2, 6, 5, 3]]
# expect: [1, 1, 2, 3, 4, 5, 5, 5, 6, 9]
# args: [[]]
# expect: []
# args: [[-2, 7, -2, 0]]
# expect: [-2, -2, 0, 7]
import heapq as hq


def heap_sort(iterable: list[int]) -> list[int]:
    h = []
    for value in iterable:
        hq.heappush(h, value)
    return [hq.heappop(h) for i in range(len(h))]
