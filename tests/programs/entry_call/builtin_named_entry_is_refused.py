# An entry named as one of CPython's builtins that the program does not
# define is the builtin to a test's call: the VM leaves it to CPython.
# entry: sum
# signature: def sum(xs: list[int]) -> int
# error: NameError
def total(xs):
    return 0
