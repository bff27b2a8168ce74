# The right side is evaluated first; then targets are assigned left to
# right, so xs[i] uses the new i.
# args: [[0, 0, 0]]
# expect: (2, [0, 0, 5])
def f(xs: list[int]) -> tuple[int, list[int]]:
    i = 0
    i, xs[i] = 2, 5
    return i, xs
