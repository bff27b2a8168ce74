# A bare list or tuple annotation on the entry takes its item types from
# the problem's signature.
# signature: def positives(xs: list[float], span: tuple[int, int]) -> list[float]
# args: [[1.5, -2.0, 3.0], [0, 2]]
# expect: [1.5, 3.0]
# args: [[1.5, -2.0, 3.0], [1, 1]]
# expect: []


def positives(xs: list, span: tuple) -> list:
    lo, hi = span
    return [x for x in xs[lo:hi + 1] if x > 0]
