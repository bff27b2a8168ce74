# A variable that holds a float on one path and an int on another is an
# int | float: each value keeps its class, as in CPython.
# args: [3]
# expect: 3
# args: [-1]
# expect: 0.5
def f(x: int) -> float:
    y = 0.5
    if x > 0:
        y = x
    return y
