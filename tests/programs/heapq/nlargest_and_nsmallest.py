# args: [[5, 1, 4, 1, 5, 9, 2], 3]
# expect: ([9, 5, 5], [1, 1, 2])
# args: [[5, 1, 4], 0]
# expect: ([], [])
# args: [[5, 1, 4], -2]
# expect: ([], [])
# args: [[5, 1, 4], 1]
# expect: ([5], [1])
# args: [[5, 1, 4], 7]
# expect: ([5, 4, 1], [1, 4, 5])
# args: [[], 2]
# expect: ([], [])
import heapq


def ends(xs: list[int], n: int) -> tuple[list[int], list[int]]:
    return heapq.nlargest(n, xs), heapq.nsmallest(n, xs)
