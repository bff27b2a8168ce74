# clear() empties the list itself; rebinding the name would not.
# args: [[1, 2]]
# expect: ([], [], [5])
def f(xs: list[int]) -> tuple[list[int], list[int], list[int]]:
    ys = xs
    zs = xs
    xs.clear()
    zs = [5]
    return xs, ys, zs
