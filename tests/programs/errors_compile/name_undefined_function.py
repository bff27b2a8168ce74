# error: NameError 3:12
def f(x: int) -> int:
    return helper(x)
