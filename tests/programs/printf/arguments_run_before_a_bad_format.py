# args: [0]
# raises: ZeroDivisionError
# args: [2]
# raises: TypeError
def f(n: int) -> str:
    return "%d %d %d" % (n, 10 // n)
