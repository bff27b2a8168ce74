# A string no run makes is still compiled: a \u escape without its four hex
# digits is CPython's SyntaxError there too.
# entry: f
# error: SyntaxError 6:12
def helper(x):
    return '\u12'


def f(n: int) -> int:
    return n
