# A starred expression alone as a value is CPython's compile-time
# SyntaxError, in a branch that never runs as anywhere.
# error: SyntaxError 7:16
def f(s: str) -> int:
    if len(s) < 0:
        x = 1
        return *s
    return len(s)
