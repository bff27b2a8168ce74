# sum(rows, start) is a new list of start's items and each row's; with no
# rows it is start itself.
# args: [[[1], [2, 3], []]]
# expect: ([1, 2, 3], [0, 1, 2, 3], [9])
# args: [[]]
# expect: ([], [0], [9, 4])
def f(rows: list[list[int]]) -> tuple[list[int], list[int], list[int]]:
    base = [9]
    flat = sum(rows, [])
    withzero = sum(rows, [0])
    same = sum(rows, base)
    same.append(4)
    return flat, withzero, base
