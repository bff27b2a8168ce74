# Only the entry is typed by the problem's signature: a helper's parameters
# still need annotations (the CPython path judges such a program).
# error: TypeError 8:12
def f(n: int) -> int:
    return double(n)


def double(x):
    return x * 2
