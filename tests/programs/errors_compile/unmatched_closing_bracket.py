# A closing bracket with none open: CPython's tokenizer reports it.
# error: SyntaxError 4:17
def f(x: int) -> int:
    return x + 1)
