# error: Unsupported 3:17
def f(xs: list[int]) -> str:
    return "%s" % xs
