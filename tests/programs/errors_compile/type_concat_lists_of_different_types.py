# error: TypeError 5
def f(n: int) -> int:
    xs = [n]
    ys = ['a']
    zs = xs + ys
    return n
