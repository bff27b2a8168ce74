# entry: f
# Defaults of each literal kind: str, negative float, bool.
# args: [5]
# expect: 23
def g(x, s="ab", y=-1.5, b=True):
    return x + len(s) + int(y) + b


def f(n: int) -> int:
    return g(n) + g(n, "xyz") + g(n, "q", 2.5, False)
