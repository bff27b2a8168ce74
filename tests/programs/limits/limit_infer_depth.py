# Functions without annotations typed at their first call nest at most
# MAX_INFER_DEPTH (2) deep: the entry's call types a, whose call types b,
# whose call of c would be a third level (the diagnostic is at its call).
# entry: f
# error: LimitError 11:13
def a(n):
    return b(n) + 1


def b(n):
    return c(n) * 2


def c(n):
    return n


def f(n: int) -> int:
    return a(n)
