# args: [[2, -1, 3], [2, 3, 4]]
# expect: [6, 8, 6, 12]
def f(xs: list[int], ys: list[int]) -> list[int]:
    return [x * y for x in xs if x > 0 for y in ys if y != x]
