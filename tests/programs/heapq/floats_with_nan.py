# A nan is neither less nor greater than anything, and the layout is still
# CPython's: the same comparisons in the same order.
# args: [[3.0, nan, 1.0, 2.0, nan, 0.5]]
# expect: '[0.5, nan, 1.0, 2.0, nan, 3.0]'
# args: [[2.0, 1.0, nan, 0.0]]
# expect: '[nan, 0.0, 2.0, 1.0]'
from heapq import heapify


def layout(xs: list[float]) -> str:
    heapify(xs)
    return str(xs)
