# A program that ends inside brackets, as a model's token limit cuts it:
# CPython reports the innermost bracket still open, where it was opened.
# error: SyntaxError 6:26
def f(xs: list[int]) -> int:
    total = sum(x * x
                for x in [1, 2,
