# error: Unsupported 5
# CPython calls map's function one item at a time: a loop that stops early
# never calls it on the items after, which a list made first would.
def f(xs: list[int]) -> int:
    for y in map(lambda x: 10 // x, xs):
        if y > 3:
            return y
    return 0
