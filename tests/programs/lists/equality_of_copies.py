# Equal contents compare equal; a copy stops being equal once changed.
# args: [[1, 2]]
# expect: (True, True, False, True)
def f(xs: list[int]) -> tuple[bool, bool, bool, bool]:
    ys = xs[:]
    a = xs == ys
    zs = xs
    zs.append(3)
    return a, xs == zs, xs == ys, xs != ys
