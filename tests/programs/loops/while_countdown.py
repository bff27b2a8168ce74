# args: [5]
# expect: 15
# args: [0]
# expect: 0
def f(n: int) -> int:
    total = 0
    while n:
        total += n
        n -= 1
    return total
