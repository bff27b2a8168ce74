# args: [5]
# expect: [[0, 1, 2, 3, 4], [5, 3, 1], [], [2, 3, 4]]
def f(n: int) -> list[list[int]]:
    return [list(range(n)), list(range(n, 0, -2)), list(range(n, 0)), list(range(2, n))]
