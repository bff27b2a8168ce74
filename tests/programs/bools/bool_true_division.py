# args: [True, 2]
# expect: 0.5
# args: [False, 3]
# expect: 0.0
# args: [True, 0]
# raises: ZeroDivisionError
def f(a: bool, n: int) -> float:
    return a / n
