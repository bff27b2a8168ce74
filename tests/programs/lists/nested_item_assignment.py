# args: [2, 3]
# expect: [[0, 1, 2], [1, 2, 3]]
def f(r: int, c: int) -> list[list[int]]:
    grid = [[0] * c for _ in range(r)]
    for i in range(r):
        for j in range(c):
            grid[i][j] = i + j
    return grid
