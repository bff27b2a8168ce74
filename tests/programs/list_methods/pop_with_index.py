# args: [[10, 20, 30, 40, 50]]
# expect: (10, 50, 30, [20, 40])
def f(xs: list[int]) -> tuple[int, int, int, list[int]]:
    a = xs.pop(0)
    b = xs.pop(-1)
    c = xs.pop(1)
    return a, b, c, xs
