# An except clause's missing block.
# error: IndentationError 7:5
def f(x: int) -> int:
    try:
        return 10 // x
    except ZeroDivisionError:
    return 0
