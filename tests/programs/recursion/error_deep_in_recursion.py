# args: [5]
# raises: ZeroDivisionError
# args: [-1]
# expect: 0
def f(n: int) -> int:
    if n < 0:
        return 0
    if n == 0:
        return 1 // n
    return f(n - 1)
