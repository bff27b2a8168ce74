# args: [3.0, inf]
# expect: 3.0
# args: [-3.0, inf]
# expect: inf
# args: [3.0, -inf]
# expect: -inf
# args: [-3.0, -inf]
# expect: -3.0
# args: [0.0, inf]
# expect: 0.0
def f(a: float, b: float) -> float:
    return a % b
