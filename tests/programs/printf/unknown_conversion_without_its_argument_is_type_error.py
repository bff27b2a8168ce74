# args: [1]
# raises: TypeError
def f(n: int) -> str:
    return "%d %y" % (n,)
