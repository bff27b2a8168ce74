# A list comprehension is built at once; later changes to its source do not
# change it.
# args: [[1, 2]]
# expect: ([2, 4], [1, 2, 3])
def f(xs: list[int]) -> tuple[list[int], list[int]]:
    ys = [x * 2 for x in xs]
    xs.append(3)
    return ys, xs
