# error: TypeError 4:14
# entry: f
def g(x):
    return x + ["a"]
def f(n: int) -> str:
    if isinstance(n, str):
        return g(n)
    return str(n)
