# args: [7, 2.5]
# expect: ((2.0, 2.0), (1.0, 0.5))
# args: [5, 2.5]
# raises: ZeroDivisionError
def f(n: int, x: float) -> tuple[tuple[float, float], tuple[float, float]]:
    q, r = divmod(n, x)
    return (q, r), divmod(x, n - 5)
