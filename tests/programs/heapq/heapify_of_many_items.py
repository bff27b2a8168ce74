# args: [3000]
# expect: 1986489531
# args: [2500]
# expect: 1157077131
# args: [7]
# expect: 1072810363
import heapq


def checksum(n: int) -> int:
    xs = [(i * 7919) % 3001 for i in range(n)]
    heapq.heapify(xs)
    total = 0
    for i, x in enumerate(xs):
        total = (total * 31 + x) % 2147483647
    return total
