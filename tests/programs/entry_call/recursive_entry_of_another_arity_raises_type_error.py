# A def that calls itself with its own arity still takes no test's call.
# signature: def fact(n: int, acc: int) -> int
# args: [5, 1]
# raises: TypeError
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
