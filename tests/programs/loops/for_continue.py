# args: [10]
# expect: 18
def f(n: int) -> int:
    total = 0
    for i in range(n):
        if i % 3 != 0:
            continue
        total += i
    return total
