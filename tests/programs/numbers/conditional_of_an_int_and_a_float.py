# error: TypeError 4:14
def f(l: list[int]) -> int | float:
    n = len(l)
    x = l[0] if n % 2 else l[0] / 2
    return x
