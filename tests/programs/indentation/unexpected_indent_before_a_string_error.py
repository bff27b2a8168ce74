# After an unexpected indent CPython reads no further: a later unterminated
# string does not replace the error.
# error: IndentationError 6:6
def f(x: int) -> int:
    y = x
      z = "abc
    return y
