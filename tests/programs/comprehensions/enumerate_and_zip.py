# args: [[5, 6, 7], [1, 2]]
# expect: ([0, 6, 14], [5, 12])
def f(xs: list[int], ys: list[int]) -> tuple[list[int], list[int]]:
    return [i * x for i, x in enumerate(xs)], [a * b for a, b in zip(xs, ys)]
