# An int minus a str is CPython's TypeError wherever it runs.
# args: [3]
# raises: TypeError
def f(n: int) -> int:
    s = 'abc'
    return n - s
