# args: ['banana']
# raises: ValueError
def f(s: str) -> int:
    return s.index('an', 4)
