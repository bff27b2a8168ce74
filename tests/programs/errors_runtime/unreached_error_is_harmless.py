# args: [1]
# expect: 1
# args: [0]
# raises: ZeroDivisionError
def f(n: int) -> int:
    if n == 0:
        return 1 // n
    return n
