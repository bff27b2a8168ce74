# args: [2.0, 2]
# expect: True
# args: [2.5, 2]
# expect: False
# args: [-0.0, 0]
# expect: True
def f(x: float, n: int) -> bool:
    return x == n
