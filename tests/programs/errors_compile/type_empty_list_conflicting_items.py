# error: TypeError 5
def f(n: int) -> int:
    xs = []
    xs.append(n)
    xs.append('x')
    return len(xs)
