# A closing bracket of another kind than the open one: CPython's tokenizer
# reports it where it stands, before its parser could.
# error: SyntaxError 5:19
def f(xs: list[int]) -> int:
    return len([xs)]
