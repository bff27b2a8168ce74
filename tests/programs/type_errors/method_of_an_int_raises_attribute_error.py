# A str method called on an int: AttributeError at the lookup, before its
# arguments are evaluated (10 // n never runs).
# args: [0]
# raises: AttributeError
# args: [4]
# raises: AttributeError
def f(n: int) -> str:
    s = n.replace(",", str(10 // n))
    return s
