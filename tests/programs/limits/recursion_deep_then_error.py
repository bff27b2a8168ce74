# A call chain that returns before the frame limit is fine.
# args: [50]
# expect: 50
# args: [-1]
# raises: RecursionError
def f(n: int) -> int:
    if n == 0:
        return 0
    return 1 + f(n - 1)
