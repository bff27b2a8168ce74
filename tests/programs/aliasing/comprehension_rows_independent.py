# args: [3]
# expect: [[0, 7, 0], [0, 0, 0], [0, 0, 0]]
def f(n: int) -> list[list[int]]:
    grid = [[0] * n for _ in range(3)]
    grid[0][1] = 7
    return grid
