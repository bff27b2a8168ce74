# A name read before its first assignment in source order is rejected: the
# DSL types a local at its first assignment (CPython would raise
# UnboundLocalError only when that read runs).
# error: NameError 7:16
def f(n: int) -> int:
    if n > 0:
        return y
    y = 5
    return y
