# error: TypeError 4
def f(n: int) -> bool:
    xs = ['a']
    return n in xs
