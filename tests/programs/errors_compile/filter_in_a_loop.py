# error: Unsupported 5
# filter() in a loop is left to CPython: its function is called one item
# at a time, and a loop that stops early never calls it on the rest.
def f(xs: list[int]) -> int:
    for y in filter(lambda x: 10 // x > 1, xs):
        return y
    return 0
