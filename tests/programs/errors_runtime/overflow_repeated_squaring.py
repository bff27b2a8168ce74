# args: [2, 5]
# expect: 4294967296
# args: [2, 6]
# raises: OverflowError
def f(x: int, k: int) -> int:
    for i in range(k):
        x = x * x
    return x
