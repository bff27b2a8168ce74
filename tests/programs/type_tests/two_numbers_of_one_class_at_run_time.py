# An int | float meets an int or another int | float: whether they share a
# class is the run's, as CPython's; against a str it never is.
# args: [1, 2.5]
# expect: (False, True, False, True)
# args: [2, 3]
# expect: (True, False, True, True)
# args: [1.5, 0.5]
# expect: (True, False, False, True)
def f(a: int | float, b: int | float) -> tuple[bool, bool, bool, bool]:
    return (type(a) == type(b), type(a) is not type(b * 2), type(b) is type(7), type(a) != type('a'))
