# args: [inf, inf]
# expect: True
# args: [1.0, 2.0]
# expect: False
# args: [inf, -inf]
# expect: False
def f(a: float, b: float) -> bool:
    d = a - b
    return d != d
