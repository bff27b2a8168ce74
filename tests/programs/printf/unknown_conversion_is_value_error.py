# args: [1]
# raises: ValueError
def f(n: int) -> str:
    return "%d %y" % (n, n)
