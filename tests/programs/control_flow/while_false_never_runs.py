# args: [1]
# expect: 1
def f(n: int) -> int:
    while n > 5:
        n = 1 // 0
    return n
