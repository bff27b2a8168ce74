# error: Unsupported 5
def f(n: int) -> int:
    k = 3
    def g(x: int) -> int:
        return x + k
    return g(n)
