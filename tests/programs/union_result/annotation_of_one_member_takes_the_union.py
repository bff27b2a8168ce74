# signature: def f(n: int) -> int | float
# args: [4]
# expect: 2.0
# args: [3]
# expect: 3
def f(n: int) -> float:
    if n % 2:
        return n
    return n / 2
