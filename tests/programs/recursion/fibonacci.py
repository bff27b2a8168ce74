# args: [0]
# expect: 0
# args: [15]
# expect: 610
def f(n: int) -> int:
    if n < 2:
        return n
    return f(n - 1) + f(n - 2)
