# [row] * 3 repeats one list three times: a change through one row shows
# in all of them.
# args: [3]
# expect: [[0, 7, 0], [0, 7, 0], [0, 7, 0]]
def f(n: int) -> list[list[int]]:
    grid = [[0] * n] * 3
    grid[0][1] = 7
    return grid
