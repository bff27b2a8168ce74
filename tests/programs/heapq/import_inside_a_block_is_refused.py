# error: Unsupported 4:9
def f(xs: list[int]) -> int:
    if xs:
        import heapq
        return heapq.heappop(xs)
    return 0
