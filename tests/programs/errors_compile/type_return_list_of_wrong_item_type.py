# error: TypeError 5
# entry: f
def g(n: int) -> int:
    xs = ["a"]
    return xs[0]


def f(n: int) -> int:
    return n
