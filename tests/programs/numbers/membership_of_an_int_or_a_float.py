# An int or a float is searched among int | floats by value (2 == 2.0).
# args: [[1, 2.5, 4]]
# expect: [True, True, False, True]
# args: [[]]
# expect: [False, False, False, True]
def f(xs: list[int | float]) -> list[bool]:
    return [1 in xs, 2.5 in xs, 3 in xs, 4.0 in xs or not xs]
