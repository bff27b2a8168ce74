# CPython's sum of no floats is its start, the int 0, which the float type
# cannot hold: status Unsupported, for the CPython path to judge.
# args: [[]]
# raises: Unsupported
# args: [[-0.0]]
# expect: 0.0
# args: [[0.5, 0.25]]
# expect: 0.75
def f(xs: list[float]) -> float:
    return sum(xs)
