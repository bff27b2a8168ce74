# A decorator with no def after it, where a model's token limit cut the
# program: CPython's parser stops at the end of the source, column 0.
# error: SyntaxError 8:0
def f(x: int) -> int:
    return x + 1


@cache
