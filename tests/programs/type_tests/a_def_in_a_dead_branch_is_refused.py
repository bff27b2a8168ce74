# A def in a branch, dead or not, is left to CPython (a call where it did
# not run is UnboundLocalError), before the branch's own type error.
# error: Unsupported 6:9
def f(n: int) -> int:
    if isinstance(n, str):
        def g(x: int) -> int:
            return x
        return n + ['a']
    return n
