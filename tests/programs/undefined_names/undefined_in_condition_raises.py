# An if whose test reads an undefined name raises before either branch.
# args: [1]
# raises: NameError
def f(x: int) -> int:
    if flag:
        return 1
    return x
