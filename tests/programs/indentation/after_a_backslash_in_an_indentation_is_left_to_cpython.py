# A backslash in a line's indentation: CPython's versions read the
# line's column differently, so a later error of indentation is a
# SyntaxError here and the CPython path judges the program.
# error: SyntaxError 9:13
def f(x: int) -> int:
    \

        x = 1
    return x
