# args: [7, 0]
# raises: ZeroDivisionError
# args: [7, 7]
# expect: 1
def f(a: int, b: int) -> int:
    q, r = divmod(a, b)
    return q + r
