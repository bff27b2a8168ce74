# A number and a str under +, -, /, //, ** or a bitwise operator raise
# TypeError on every run that reaches them, after both operands (whose own
# errors come first); `*` repeats the str and is no error.
# args: [["ab"], 2]
# raises: TypeError
# args: [[], 3]
# raises: IndexError
def f(xs: list[str], n: int) -> int:
    k = len(xs[0] * n) if xs else 0
    total = n + k
    return total + xs[-1]
