# Two dots are not an ellipsis: CPython's parser stops at the first, before
# it would read on to the end of the source inside the brackets.
# error: SyntaxError 5:16
def f(x: int) -> tuple[int, int]:
    return (x, ..
