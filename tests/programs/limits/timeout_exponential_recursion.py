# limits: {"fuel": 100000}
# args: [60]
# raises: Timeout
# args: [10]
# expect: 55
def f(n: int) -> int:
    if n < 2:
        return n
    return f(n - 1) + f(n - 2)
