# y /= 2 makes an int local a float; the local holds either from then on.
# args: [4]
# expect: 2.0
# args: [5]
# expect: 2.5
def f(x: int) -> float:
    y = x
    while y > 3:
        y /= 2
    return y
