# An int-typed value is never a bool here (a bool where an int is typed is a
# TypeError at compile time; arithmetic on bools gives ints), so type() of
# one is int, and isinstance(n, bool) is False, as in CPython.
# args: [3]
# expect: (True, False, False, True, True)
# args: [-1]
# expect: (True, False, False, True, True)
def f(n: int) -> tuple[bool, bool, bool, bool, bool]:
    b = n > 0
    return (type(n) == int, isinstance(n, bool), type(b + b) is bool, type(abs(b)) == int,
            type(round(b)) is int)
