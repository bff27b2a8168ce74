# A function of math looked up before the read: the lookup's own error is
# not modeled here, so the read is a compile-time NameError (the CPython
# path judges the program).
# error: NameError 8:27
import math

def f(x: float) -> float:
    return math.floor(x + missing)
