# error: Unsupported 3:20
def f(n: int) -> str:
    return "%(n)d" % {"n": n}
