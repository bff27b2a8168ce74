# error: NameError 7:12
def f(n: int) -> int:
    if isinstance(n, str):
        m = len(n)
    else:
        n += 1
    return m
