# args: [1]
# raises: ValueError
def f(n: int) -> str:
    return '{} {0}'.format(n, n)
