# args: [2.5, 0]
# raises: ZeroDivisionError
# args: [2.5, 2]
# expect: 0.5
def f(x: float, n: int) -> float:
    return x % n
