# A subscript of an int after other acts: 10 // n runs first (its
# ZeroDivisionError), then len(n) raises TypeError.
# args: [0]
# raises: ZeroDivisionError
# args: [5]
# raises: TypeError
def f(n: int) -> int:
    y = 10 // n + len(n)
    return y
