# `from m import *` is allowed at module level only: CPython's compiler
# refuses it in any function, one never called too.
# entry: f
# error: SyntaxError 6:22
def helper(x):
    from math import *
    return x


def f(n: int) -> int:
    return n
