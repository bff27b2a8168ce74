# An Optional holds one type: an entry the problem says returns None that
# returns an int on one path and a float on another is refused (the CPython
# path judges it).
# signature: def f(a: str) -> None
# error: TypeError 9:12
def f(a):
    if a == "3":
        return 2.5
    return 5
