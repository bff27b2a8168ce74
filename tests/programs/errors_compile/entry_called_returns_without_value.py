# error: TypeError 10
# A bare `return` in an entry that a helper calls: the None would reach the
# helper, so it is refused.
def g(n: int) -> int:
    return f(n) * 2

def f(n: int) -> int:
    if n > 3:
        return n
    return
