# The module's code runs before any test's call: an error there is every
# test's, though the entry is missing too.
# entry: f
# signature: def f(n: int) -> int
# args: [1]
# raises: ZeroDivisionError
def g(n):
    return n


g(1) // 0
