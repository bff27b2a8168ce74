# error: NameError 3:8
def f(x: int) -> int:
    if flag:
        return 1
    return x
