# A triple-quoted string open at the end of the source: found so at the
# last line.
# error: SyntaxError 5:5
def f(x: int) -> str:
    """Return x.
    return str(x)
