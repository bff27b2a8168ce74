# args: [[5, 3, 9]]
# expect: (3, -9223372036854775808, 9223372036854775807)
# args: [[]]
# expect: (9223372036854775807, -9223372036854775808, 9223372036854775807)
import sys
from sys import maxsize as big


def smallest(xs: list[int]) -> tuple[int, int, int]:
    best = sys.maxsize
    for x in xs:
        if x < best:
            best = x
    return best, -sys.maxsize - 1, big
