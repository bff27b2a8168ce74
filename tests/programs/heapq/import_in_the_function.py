# args: [[3, 1, 2]]
# expect: [1, 2, 3]
def drain(xs: list[int]) -> list[int]:
    import heapq
    heapq.heapify(xs)
    out = []
    while xs:
        out.append(heapq.heappop(xs))
    return out
