# args: [[5, 3, 5, 9, 3, 1]]
# expect: ([5, 3, 9, 1], [2, 2, 1, 1], 4, True, False)
def f(xs: list[int]) -> tuple[list[int], list[int], int, bool, bool]:
    d: dict[int, int] = {}
    for x in xs:
        if x in d:
            d[x] += 1
        else:
            d[x] = 1
    return list(d), list(d.values()), len(d), 9 in d, 4 in d.keys()
