# args: [[[1, 2, 3], [4, 5, 6]]]
# expect: (2, 3, 6, 4, 21)
def f(m: list[list[int]]) -> tuple[int, int, int, int, int]:
    total = 0
    for row in m:
        for x in row:
            total += x
    return len(m), len(m[0]), m[-1][-1], m[1][0], total
