# The source ends after a header: the error is just past the end of the
# last line (a comment line counts).
# error: IndentationError 8:18
def f(x: int) -> int:
    while x > 0:
        x -= 1
    else:
    # nothing yet
