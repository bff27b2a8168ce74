# args: [0]
# raises: RecursionError
def f(n: int) -> int:
    return f(n + 1) + 1
