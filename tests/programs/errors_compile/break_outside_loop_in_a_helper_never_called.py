# No run calls the helper, so no types reach its body, yet CPython compiles
# it: a 'break' outside a loop there is its SyntaxError all the same.
# entry: f
# error: SyntaxError 7:9
def helper(xs):
    if xs:
        break
    return xs


def f(n: int) -> int:
    return n
