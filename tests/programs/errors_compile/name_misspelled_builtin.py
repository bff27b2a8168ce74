# error: NameError 3:12
def f(s: str) -> int:
    return lenn(s)
