# CPython counts a column in characters: past the end of a line with
# non-ASCII characters (in a comment), not in its UTF-8 bytes.
# error: IndentationError 7:26
def f(x: int) -> int:
    if x:
        x = 1
  return x  # café, naïve
