# An error in a named lambda's body is raised at its call.
# args: [5]
# raises: ZeroDivisionError
def f(n: int) -> int:
    g = lambda x: x // (x - 5)
    return g(n)
