# A decorator that ends a block: CPython's parser stops at the DEDENT
# after it, an unexpected unindent.
# error: IndentationError 9:0
def f(x: int) -> int:
    @cache
    def g(y: int) -> int:
        return y
    @cache
y = f(1)
