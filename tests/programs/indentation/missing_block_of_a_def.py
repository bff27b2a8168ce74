# A function definition's missing block, in CPython's words.
# error: IndentationError 4:1
def f(x: int) -> int:
return x
