# args: [[4, -2, 9]]
# expect: 11
def f(xs: list[int]) -> int:
    lo, hi = bounds(xs)
    return hi - lo


def bounds(xs: list[int]) -> tuple[int, int]:
    return min(xs), max(xs)
