# A list of ints and floats: each item keeps its class, and sum() adds
# them as CPython does, an int until a float comes.
# args: [[1, 2.5, 3]]
# expect: 6.5
# args: [[1, 2, 3]]
# expect: 6
# args: [[]]
# expect: 0
# args: [[0.1, 0.2, 0.3]]
# expect: 0.6000000000000001
def f(xs: list[int | float]) -> int | float:
    return sum(xs)
