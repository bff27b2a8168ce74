# A try with neither an except nor a finally, where a model stopped:
# CPython's rule names it at the end of the source, past the last line.
# error: SyntaxError 6:23
def f(x: int) -> int:
    try:
        return 10 // x
