# args: [[1, 2], [3]]
# expect: [1, 2, 3]
# args: [[], []]
# expect: []
def f(xs: list[int], ys: list[int]) -> list[int]:
    xs.extend(ys)
    return xs
