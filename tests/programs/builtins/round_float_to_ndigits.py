# round(x, n) of a float is a float: x's exact binary value rounded to a
# multiple of 10**-n, ties to even (2.675 is a little below 2.675).
# args: [2.675, 2]
# expect: 2.67
# args: [0.125, 2]
# expect: 0.12
# args: [0.375, 2]
# expect: 0.38
# args: [-0.4, 0]
# expect: -0.0
# args: [0.6, 0]
# expect: 1.0
# args: [1234.5678, -2]
# expect: 1200.0
# args: [1250.0, -2]
# expect: 1200.0
# args: [1e-300, 400]
# expect: 1e-300
# args: [123.456, -400]
# expect: 0.0
# args: [nan, 3]
# expect: nan
def f(x: float, n: int) -> float:
    return round(x, n)
