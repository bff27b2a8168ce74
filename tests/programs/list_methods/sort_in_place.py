# args: [[3, 1, 2, 1]]
# expect: ([1, 1, 2, 3], [3, 2, 1, 1])
def f(xs: list[int]) -> tuple[list[int], list[int]]:
    xs.sort()
    a = xs[:]
    xs.sort(reverse=True)
    return a, xs
