# Rows that are tuples never change, so a loop or comprehension may walk
# their transposition.
# args: [((10, 10, 10, 12), (30, 45, 56, 45), (81, 80, 39, 32), (1, 2, 3, 4))]
# expect: [30.5, 34.25, 27.0, 23.25]
def average_tuple(nums: tuple[tuple[int, int, int, int], tuple[int, int, int, int], tuple[int, int, int, int], tuple[int, int, int, int]]) -> list[float]:
    result = [sum(x) / len(x) for x in zip(*nums)]
    return result
