# Comparisons with nan are false, so the result depends on argument order.
# args: [nan, 1.0]
# expect: True
# args: [1.0, nan]
# expect: False
def f(a: float, b: float) -> bool:
    m = min(a, b)
    return m != m
