# A header without its indented block: CPython's words name the header
# and its line; the error is at the token that is not indented.
# error: IndentationError 6:5
def f(x: int) -> int:
    if x > 0:
    return 1
    return 0
