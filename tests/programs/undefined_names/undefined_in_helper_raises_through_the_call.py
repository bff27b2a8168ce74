# The NameError raised in a helper stops the lane as it would in CPython.
# args: [2]
# raises: NameError
def f(x: int) -> int:
    return g(x)


def g(y: int) -> int:
    return y * zz
