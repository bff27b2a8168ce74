# A generator's float sum that adds no item is CPython's int 0 (the start):
# status Unsupported, for the CPython path to judge (-0.0 too: no item passes).
# args: [[]]
# raises: Unsupported
# args: [[-1.5, -2.0]]
# raises: Unsupported
# args: [[-0.0]]
# raises: Unsupported
# args: [[2.5, -1.0, 0.5]]
# expect: 3.0
def f(xs: list[float]) -> float:
    return sum(x for x in xs if x > 0)
