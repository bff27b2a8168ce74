# A lambda of no parameters bound to a name.
# args: [5]
# expect: 12
def f(n: int) -> int:
    seven = lambda: 7
    return seven() + n
