# args: [[1, 2]]
# expect: ([1, 2, 3], [1, 2], True)
def f(xs: list[int]) -> tuple[list[int], list[int], bool]:
    ys = xs.copy()
    same = ys == xs
    xs.append(3)
    return xs, ys, same
