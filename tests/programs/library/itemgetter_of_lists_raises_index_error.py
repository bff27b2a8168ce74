# args: [[[3, 1], [2]]]
# raises: IndexError
# args: [[[3, 1], [2, 0]]]
# expect: [[2, 0], [3, 1]]
import operator
from operator import itemgetter


def by_second(rows: list[list[int]]) -> list[list[int]]:
    return sorted(rows, key=itemgetter(1))
