# The list heapify leaves, item for item, is CPython's (past 2,500 items
# CPython sifts in another order, to the same list).
# args: [[9, 8, 7, 6, 5, 4, 3, 2, 1, 0]]
# expect: [0, 1, 3, 2, 5, 4, 7, 9, 6, 8]
# args: [[3, 3, 1, 2, 1, 3]]
# expect: [1, 1, 3, 2, 3, 3]
# args: [[]]
# expect: []
import heapq


def layout(xs: list[int]) -> list[int]:
    heapq.heapify(xs)
    return xs
