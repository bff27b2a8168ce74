# Reading a parameter does nothing CPython could observe, so the undefined
# name after it is still the statement's first act.
# args: [1]
# raises: NameError
def f(x: int) -> int:
    return x + yy
