# args: ['a', 1]
# raises: TypeError
def f(s: str, n: int) -> bool:
    return s < n
