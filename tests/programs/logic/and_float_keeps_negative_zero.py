# args: [-0.0]
# expect: -0.0
# args: [3.0]
# expect: 2.5
def f(x: float) -> float:
    return x and 2.5
