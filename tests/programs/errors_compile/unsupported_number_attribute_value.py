# n.real is an attribute, not a method used as a value: Unsupported all the same.
# error: Unsupported 4:14
def f(n: int) -> int:
    return n.real
