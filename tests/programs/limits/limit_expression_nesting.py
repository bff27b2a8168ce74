# Expressions nested deeper than the compiler's bound are a LimitError.
# error: LimitError 4
def f(n: int) -> int:
    return ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((n))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))
