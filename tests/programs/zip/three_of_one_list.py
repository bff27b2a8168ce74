# args: [4]
# expect: 12
def f(n: int) -> int:
    a = [n]
    total = 0
    for x, y, z in zip(a, a, a):
        total += x + y + z
    return total
