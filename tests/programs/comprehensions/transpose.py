# args: [[[1, 2, 3], [4, 5, 6]]]
# expect: [[1, 4], [2, 5], [3, 6]]
def f(m: list[list[int]]) -> list[list[int]]:
    return [[row[j] for row in m] for j in range(len(m[0]))]
