# del xs[lo:hi] removes the slice, clamped as a slice read is; it never raises.
# args: [[1, 2, 3, 4, 5], 1, 3]
# expect: [1, 4, 5]
# args: [[1, 2, 3], -2, 10]
# expect: [1]
# args: [[1, 2, 3], 2, 1]
# expect: [1, 2, 3]
def f(xs: list[int], lo: int, hi: int) -> list[int]:
    del xs[lo:hi]
    ys = xs[:]
    del ys[:]
    return xs + ys
