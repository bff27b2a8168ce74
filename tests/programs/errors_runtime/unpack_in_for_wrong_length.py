# args: [[[1, 2], [3, 4]]]
# expect: 10
# args: [[[1, 2], [3]]]
# raises: ValueError
def f(rows: list[list[int]]) -> int:
    total = 0
    for a, b in rows:
        total += a + b
    return total
