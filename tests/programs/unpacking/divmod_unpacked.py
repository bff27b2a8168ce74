# args: [-7, 3]
# expect: -28
def f(a: int, b: int) -> int:
    q, r = divmod(a, b)
    return q * 10 + r
