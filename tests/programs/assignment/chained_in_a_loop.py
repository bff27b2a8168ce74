# args: [[4, 1, 7]]
# expect: (7, 1)
def f(xs: list[int]) -> tuple[int, int]:
    hi = lo = xs[0]
    for x in xs:
        if x > hi:
            hi = x
        if x < lo:
            lo = x
    return hi, lo
