# args: [True]
# expect: 1.0
# args: [False]
# expect: 0.0
def f(b: bool) -> float:
    return float(b)
