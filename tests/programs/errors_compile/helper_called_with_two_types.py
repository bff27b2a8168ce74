# A helper without annotations takes its first call's types; a later call
# with others is a TypeError (CPython would run both: the CPython path
# judges such a program).
# entry: f
# error: TypeError 11:21
def h(n):
    return str(n)


def f(x: int) -> str:
    return h(x) + h("x")
