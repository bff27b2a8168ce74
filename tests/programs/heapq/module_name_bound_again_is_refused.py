# The import's name is also a parameter's: which one a read means depends
# on the scope, which the VM leaves to CPython.
# error: Unsupported 4:8
import heapq


def f(heapq: list[int]) -> int:
    return 0
