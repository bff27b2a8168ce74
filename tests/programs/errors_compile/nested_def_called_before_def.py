# error: NameError 3:12
def f(n: int) -> int:
    return g(n)
    def g(x: int) -> int:
        return x
