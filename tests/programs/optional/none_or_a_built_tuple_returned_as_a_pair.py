# A local that holds None or a tuple built by tuple() (of any length),
# returned where the problem's result is a pair: None would be a wrong
# answer, and the tuple's length is checked when it runs.
# signature: def closest(xs: list[float]) -> tuple[float, float]
# args: [[1.0, 2.0, 2.5]]
# expect: (2.0, 2.5)
# args: [[5.0, 1.0, 4.5, 1.25]]
# expect: (1.0, 1.25)
def closest(xs):
    best = None
    pair = None
    for i in range(len(xs)):
        for j in range(len(xs)):
            if i != j:
                d = abs(xs[i] - xs[j])
                if best is None or d < best:
                    best = d
                    pair = tuple(sorted([xs[i], xs[j]]))
    return pair
