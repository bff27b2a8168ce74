# error: TypeError 5
def f(xs: list[int]) -> list[int]:
    best = []
    for i, x in enumerate(xs):
        best.append(max(best[i - 1], x) if i > 0 else x)
    return best
