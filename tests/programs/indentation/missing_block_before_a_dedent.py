# The line after the header is indented less than the header: the error
# is on that line, at the column before its first token (CPython's DEDENT).
# error: IndentationError 7:4
def f(x: int) -> int:
    for i in range(x):
        if i > 2:
    return i
    return 0
