# Float arithmetic overflows to inf, not OverflowError.
# args: [1e308]
# expect: inf
# args: [-1e308]
# expect: -inf
# args: [1.0]
# expect: 10.0
def f(x: float) -> float:
    return x * 10.0
