# An int or a float is searched among int | floats by value (2 == 2.0),
# and an int | float among ints or among floats (of a list or a tuple).
# args: [[1, 2.5, 4]]
# expect: [True, True, False, True, True, True, False, True]
# args: [[]]
# expect: [False, False, False, True, False, False, False, False]
def f(xs: list[int | float]) -> list[bool]:
    some = xs[0] if xs else 0.5
    return [1 in xs, 2.5 in xs, 3 in xs, 4.0 in xs or not xs, some in [1, 7], some in [0.25, 1.0], some in [], some in (1, 7)]
