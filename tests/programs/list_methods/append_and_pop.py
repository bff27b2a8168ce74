# args: [[1, 2]]
# expect: ([1, 2, 3], 4, [1, 2, 3])
def f(xs: list[int]) -> tuple[list[int], int, list[int]]:
    xs.append(3)
    xs.append(4)
    last = xs.pop()
    return xs, last, xs
