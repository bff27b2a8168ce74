# args: [3]
# raises: TypeError
def f(n: int) -> int:
    return n[0]
