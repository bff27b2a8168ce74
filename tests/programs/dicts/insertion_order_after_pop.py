# args: []
# expect: ([2, 1, 3], [20, 10, 30], 2)
def f() -> tuple[list[int], list[int], int]:
    d = {1: 10, 2: 20, 3: 30}
    d[1] = 11
    d.pop(1)
    d[1] = 10
    d[2] = 20
    d.pop(3)
    d[3] = 30
    n = d.pop(7, 2)
    return list(d), list(d.values()), n
