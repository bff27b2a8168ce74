# error: TypeError 4
def f(s: str) -> int:
    xs = [1, 2]
    return xs[s]
