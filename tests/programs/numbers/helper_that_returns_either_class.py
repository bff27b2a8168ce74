# A helper whose returns give ints and floats returns an int | float, each
# call's value its own class (its annotation says float: CPython does not
# look).
# entry: f
# args: [8]
# expect: 1.5625
# args: [1]
# expect: 2.0
def halve(n: int) -> float:
    while n > 1:
        n = n / 2
    return n


def f(n: int) -> float:
    return halve(n) + halve(n + 1)
