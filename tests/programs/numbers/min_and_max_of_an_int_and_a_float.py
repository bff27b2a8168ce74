# min() and max() of an int and a float return the winner, its class kept;
# of equals, the first.
# args: [[1.5, 2, 0.5]]
# expect: [2, 0.5, 2, 1]
# args: [[1, 1.0]]
# expect: [1, 1, 1, 1]
def f(xs: list[int | float]) -> list[int | float]:
    best = 0
    for x in xs:
        best = max(best, x)
    return [best, min(xs), max(xs), min(1, xs[-1]) if xs[-1] > 0.75 else max(1, 0.5)]
