# Appending the same list each time gives rows that all change together.
# args: [3]
# expect: ([[0, 1, 2], [0, 1, 2], [0, 1, 2]], [[0], [0, 1], [0, 1, 2]])
def f(n: int) -> tuple[list[list[int]], list[list[int]]]:
    row: list[int] = []
    shared: list[list[int]] = []
    copies: list[list[int]] = []
    for i in range(n):
        row.append(i)
        shared.append(row)
        copies.append(row[:])
    return shared, copies
