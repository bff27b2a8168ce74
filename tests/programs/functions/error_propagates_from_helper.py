# args: [0]
# raises: ZeroDivisionError
# args: [2]
# expect: 6
def f(n: int) -> int:
    return 1 + helper(n)


def helper(n: int) -> int:
    return 10 // n
