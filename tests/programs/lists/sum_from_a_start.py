# sum(xs, start) adds start first: ints, and floats where either is a float.
# args: [[1, 2, 3], [0.5, 0.25]]
# expect: (16, 16.0, 1.25, 1.75)
# args: [[], []]
# expect: (10, 10.0, 0.5, 1.0)
def f(ns: list[int], xs: list[float]) -> tuple[int, float, float, float]:
    return sum(ns, 10), sum(ns, 10.0), sum(xs, start=0.5) + 0.0 * len(ns), sum(xs, 1.0)
