# args: [0.1, 0.2]
# expect: 0.30000000000000004
def f(a: float, b: float) -> float:
    return a + b
