# heapreplace pops before it pushes; heappushpop pushes first, so an item
# not greater than the root comes straight back.
# args: [[1, 3, 5], 4]
# expect: [(1, [3, 4, 5]), (1, [3, 4, 5]), (3, [4, 4, 5])]
# args: [[1, 3, 5], 0]
# expect: [(1, [0, 3, 5]), (0, [1, 3, 5]), (1, [0, 3, 5])]
import heapq


def both(h: list[int], x: int) -> list[tuple[int, list[int]]]:
    a = list(h)
    r1 = heapq.heapreplace(a, x)
    b = list(h)
    r2 = heapq.heappushpop(b, x)
    c = list(b)
    r3 = heapq.heapreplace(c, x)
    return [(r1, a), (r2, b), (r3, c)]
