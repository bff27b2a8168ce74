# error: TypeError 5
def f(x: int) -> int:
    y = 1
    if x > 0:
        y = 'a'
    return x if y else 0
