# args: [5]
# expect: 1
# args: [-5]
# expect: -1
def f(n: int) -> int:
    if n > 0: return 1
    while n < -100: n += 1
    return -1
