# args: [[[1, 2], [3, 4], [5]]]
# expect: [3, 7, 5]
def f(m: list[list[int]]) -> list[int]:
    sums: list[int] = []
    for row in m:
        s = 0
        for x in row:
            s += x
        sums.append(s)
    return sums
