# args: [0]
# raises: ZeroDivisionError
def f(n: int) -> str:
    return '{} }'.format(10 // n)
