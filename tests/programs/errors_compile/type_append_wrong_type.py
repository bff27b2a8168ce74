# error: TypeError 4
def f(n: int) -> int:
    xs = [n]
    xs.append('x')
    return n
