# args: [3]
# expect: 3
def f(n: int) -> int:
    if n > 100:
        pass
    else:
        pass
    for i in range(n):
        pass
    while False:
        pass
    return n
