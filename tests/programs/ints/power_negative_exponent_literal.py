# ** with a negative int literal exponent gives a float, as in CPython.
# args: [1]
# expect: 0.25
# args: [-1]
# expect: 0.5
def f(n: int) -> float:
    x = 2 ** -2
    if n < 0:
        x = 2 ** -1
    return x
