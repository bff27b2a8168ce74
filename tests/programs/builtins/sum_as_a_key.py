# args: [[[1, 2, 3], [2, 4, 5], [1, 1, 1]]]
# expect: ([[1, 1, 1], [1, 2, 3], [2, 4, 5]], [2, 4, 5], [1, 1, 1])
def by_sum(m: list[list[int]]) -> tuple[list[list[int]], list[int], list[int]]:
    return sorted(m, key=sum), max(m, key=sum), min(m, key=sum)
