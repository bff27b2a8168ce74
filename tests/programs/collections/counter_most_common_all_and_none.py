# args: ["abracadabra", 0]
# expect: ([('a', 5), ('b', 2), ('r', 2), ('c', 1), ('d', 1)], [])
# args: ["abracadabra", -3]
# expect: ([('a', 5), ('b', 2), ('r', 2), ('c', 1), ('d', 1)], [])
# args: ["abracadabra", 1]
# expect: ([('a', 5), ('b', 2), ('r', 2), ('c', 1), ('d', 1)], [('a', 5)])
# args: ["abracadabra", 9]
# expect: ([('a', 5), ('b', 2), ('r', 2), ('c', 1), ('d', 1)], [('a', 5), ('b', 2), ('r', 2), ('c', 1), ('d', 1)])
import collections


def letters(s: str, n: int) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    c = collections.Counter(s)
    return c.most_common(), c.most_common(n)
