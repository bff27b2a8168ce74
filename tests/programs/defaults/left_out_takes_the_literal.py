# A call may leave out a parameter that has a default: it takes the literal.
# entry: f
# args: [5]
# expect: 25
def scale(x: int, k: int = 2) -> int:
    return x * k


def f(n: int) -> int:
    return scale(n) + scale(n, 3)
