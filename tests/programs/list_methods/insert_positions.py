# insert clamps its index: past the end appends, before the start prepends;
# a negative index counts from the end and inserts before that item.
# args: [[1, 2, 3]]
# expect: [0, -9, 1, 2, 3, 7, 100, 200]
def f(xs: list[int]) -> list[int]:
    xs.insert(100, 100)
    xs.insert(-1, 7)
    xs.insert(-100, -9)
    xs.insert(0, 0)
    xs.insert(len(xs), 200)
    return xs
