# A lambda bound to a name at module level, after the function that calls
# it: the module has bound it by the time the test calls the entry.
# args: [5]
# expect: 26
def f(n: int) -> int:
    return square(n) + 1


square = lambda x: x * x
