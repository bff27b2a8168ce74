# args: [[0.5, 1.5, 0.25]]
# expect: 1.125
def f(xs: list[float]) -> float:
    return sum(x / 2 for x in xs)
