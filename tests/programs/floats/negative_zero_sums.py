# args: [-0.0, 0.0, 0]
# expect: 0.0
# args: [-0.0, -0.0, 0]
# expect: -0.0
# args: [-0.0, 0.0, 1]
# expect: -0.0
# args: [0.0, 0.0, 1]
# expect: 0.0
# args: [1.0, 1.0, 1]
# expect: 0.0
def f(a: float, b: float, sub: int) -> float:
    if sub:
        return a - b
    return a + b
