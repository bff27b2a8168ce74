# A float parameter may hold an int in CPython (f(3)), so whether it is a
# float is not the type's to answer: the CPython path judges it.
# error: Unsupported 5:12
def f(x: float) -> bool:
    return isinstance(x, float)
