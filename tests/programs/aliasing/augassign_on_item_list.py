# args: [[[1], [2]]]
# expect: ([[1, 9], [2]], [1, 9])
def f(m: list[list[int]]) -> tuple[list[list[int]], list[int]]:
    first = m[0]
    m[0] += [9]
    return m, first
