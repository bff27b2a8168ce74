# args: [1.5, 0]
# raises: ZeroDivisionError
# args: [1.5, 2]
# expect: 0.75
def f(x: float, n: int) -> float:
    return x / n
