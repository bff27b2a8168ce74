# After a missing block CPython reads the rest of the source, and an error
# its tokenizer raises there (an unterminated string) is the diagnostic.
# error: SyntaxError 7:9
def f(x: int) -> int:
    if x:
    y = 1
    s = "abc
    return y
