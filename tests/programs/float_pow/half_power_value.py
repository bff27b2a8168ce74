# args: [2.0]
# expect: 1.4142135623730951
# args: [10.0]
# expect: 3.1622776601683795
# args: [0.25]
# expect: 0.5
# args: [1e-300]
# expect: 1e-150
def f(x: float) -> float:
    return x ** 0.5
