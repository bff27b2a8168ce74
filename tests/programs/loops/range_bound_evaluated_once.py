# args: [3]
# expect: 6
def f(n: int) -> int:
    for i in range(n):
        n += 1
    return n
