# args: [1]
# raises: ValueError
def f(n: int) -> str:
    return "%d and 5%" % (n,)
