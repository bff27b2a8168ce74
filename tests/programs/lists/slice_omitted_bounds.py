# args: [[1, 2, 3, 4], 1]
# expect: [[2, 3, 4], [1], [4], [1, 2, 3], [1, 2, 3, 4]]
# args: [[1, 2], 5]
# expect: [[], [1, 2], [1, 2], [], [1, 2]]
def f(xs: list[int], k: int) -> list[list[int]]:
    return [xs[k:], xs[:k], xs[-k:], xs[:-k], xs[:]]
