# A name the program binds otherwise than by a top-level def (here a
# parameter) may be what a test's call finds: the VM leaves it to CPython.
# entry: f
# signature: def f(n: int) -> int
# error: NameError
def g(f):
    return f
