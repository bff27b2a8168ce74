# args: [[1, 2], ['a']]
# expect: ([1, 2], ['a'], 3)
def f(xs: list[int], ys: list[str]) -> tuple[list[int], list[str], int]:
    return xs, ys, len(xs) + len(ys)
