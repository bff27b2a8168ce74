# A dedent to a column no enclosing block has: CPython's tokenizer reports
# it just past the end of the line.
# error: IndentationError 7:15
def f(x: int) -> int:
    if x:
        x = 1
      return x
    return 0
