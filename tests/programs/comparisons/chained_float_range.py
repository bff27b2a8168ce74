# args: [0.5]
# expect: True
# args: [1.0]
# expect: False
# args: [nan]
# expect: False
def f(x: float) -> bool:
    return 0.0 <= x < 1.0
