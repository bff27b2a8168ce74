# args: [0.0]
# expect: 1.5
# args: [-0.0]
# expect: 1.5
# args: [2.0]
# expect: 2.0
# args: [nan]
# expect: nan
def f(x: float) -> float:
    return x or 1.5
