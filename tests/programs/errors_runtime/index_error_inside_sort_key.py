# args: [[[1, 2], [0, 5]]]
# expect: 5
# args: [[[1, 2], []]]
# raises: IndexError
def f(rows: list[list[int]]) -> int:
    return sorted(rows, key=lambda r: r[0])[0][1]
