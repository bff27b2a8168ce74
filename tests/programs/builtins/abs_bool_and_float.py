# args: [True, -1.5]
# expect: 2.5
def f(b: bool, x: float) -> float:
    return abs(b) + abs(x)
