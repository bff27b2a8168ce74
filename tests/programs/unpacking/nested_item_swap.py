# args: [[[1, 2], [3, 4]]]
# expect: [[4, 2], [3, 1]]
def f(m: list[list[int]]) -> list[list[int]]:
    m[0][0], m[1][1] = m[1][1], m[0][0]
    return m
