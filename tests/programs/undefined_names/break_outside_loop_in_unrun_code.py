# Code that never runs is still compiled by CPython: a 'break' outside a
# loop there is the SyntaxError it is anywhere.
# error: SyntaxError 7:9
def f(n: int) -> int:
    if n > 0:
        return helper(n)
        break
    return 0
