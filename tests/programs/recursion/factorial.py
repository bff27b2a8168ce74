# args: [0]
# expect: 1
# args: [20]
# expect: 2432902008176640000
# args: [21]
# raises: OverflowError
def f(n: int) -> int:
    if n <= 1:
        return 1
    return n * f(n - 1)
