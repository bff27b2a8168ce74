# args: [[1, 2]]
# expect: ([1, 2], [1, 2, 3])
def f(xs: list[int]) -> tuple[list[int], list[int]]:
    ys = list(xs)
    ys.append(3)
    return xs, ys
