# Defaults let a call pass fewer arguments, never more than the def has.
# signature: def f(a: int, b: int, c: int) -> int
# args: [1, 2, 3]
# raises: TypeError
def f(a, b=0):
    return a + b
