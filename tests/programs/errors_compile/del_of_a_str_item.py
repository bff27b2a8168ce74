# error: Unsupported 4:9
# CPython's TypeError ('str' object doesn't support item deletion) is its own to judge.
def f(s: str) -> int:
    del s[0]
    return 0
