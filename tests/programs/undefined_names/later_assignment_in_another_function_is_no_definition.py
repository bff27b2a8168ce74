# A name assigned in another function is that function's local: a read of
# it here is a NameError in CPython too, but the type pass cannot tell it
# from a variable of this function, so it is refused (the CPython path
# judges the program).
# error: NameError 7:12
def f(x: int) -> int:
    return total + x


def g(y: int) -> int:
    total = y
    return total
