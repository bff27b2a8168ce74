# args: [1]
# raises: IndexError
def f(n: int) -> str:
    return '{} {}'.format(n)
