# Negative input never reaches the base case.
# args: [4]
# expect: True
# args: [-1]
# raises: RecursionError
def f(n: int) -> bool:
    return ping(n)


def ping(n: int) -> bool:
    if n == 0:
        return True
    return pong(n - 1)


def pong(n: int) -> bool:
    if n == 0:
        return False
    return ping(n - 1)
