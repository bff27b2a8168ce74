# args: [1, 0]
# expect: 3
# args: [1, 1]
# raises: IndexError
# args: [2, 0]
# raises: IndexError
def f(i: int, j: int) -> int:
    m = [[1, 2], [3]]
    return m[i][j]
