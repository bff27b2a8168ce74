# math.ceil and math.floor of either class are ints.
# args: [[1, 2.5, 3]]
# expect: 19
# args: [[1.4, 4.2, 0]]
# expect: 29
# args: [[-2.4, 1, 1]]
# expect: 6
import math


def f(lst: list[int | float]) -> int:
    return sum(math.ceil(i) ** 2 for i in lst) + math.floor(0.5)
