# A def inside an if, while or for block is left to CPython: a call where
# the def did not run is its UnboundLocalError.
# error: Unsupported 6:9
def f(n: int) -> int:
    if n > 2:
        def g(x: int) -> int:
            return x + 1
    return g(n)
