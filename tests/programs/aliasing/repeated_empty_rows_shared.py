# args: [5]
# expect: [[5], [5], [5]]
def f(x: int) -> list[list[int]]:
    rows: list[list[int]] = [[]] * 3
    rows[2].append(x)
    return rows
