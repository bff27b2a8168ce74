# args: [inf, -1.0]
# expect: 0.0
# args: [-inf, 3.0]
# expect: -inf
# args: [nan, 0.0]
# expect: 1.0
# args: [1.0, nan]
# expect: 1.0
# args: [0.5, inf]
# expect: 0.0
# args: [-1.0, inf]
# expect: 1.0
# args: [2.0, -inf]
# expect: 0.0
def f(x: float, y: float) -> float:
    return x ** y
