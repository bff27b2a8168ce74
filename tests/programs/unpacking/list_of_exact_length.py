# args: [[1, 2, 3]]
# expect: 123
def f(xs: list[int]) -> int:
    a, b, c = xs
    return a * 100 + b * 10 + c
