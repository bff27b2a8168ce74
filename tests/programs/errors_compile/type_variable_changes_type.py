# error: TypeError 4
def f(x: int) -> int:
    y = 1
    y = 'a'
    return x
