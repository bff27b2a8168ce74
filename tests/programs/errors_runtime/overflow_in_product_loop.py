# args: [20]
# expect: 2432902008176640000
# args: [25]
# raises: OverflowError
def f(n: int) -> int:
    p = 1
    for i in range(1, n + 1):
        p *= i
    return p
