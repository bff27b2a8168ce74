# xs += [x] appends x to xs itself (every alias sees it), as an item too.
# args: [[1, 2]]
# expect: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [0, 7]]
def f(xs: list[int]) -> list[list[int]]:
    ys = xs
    xs += [3]
    for k in range(4, 6):
        ys += [k]
    grid = [[0]]
    grid[0] += [len(grid) * 7]
    return [xs, ys] + [grid[0]]
