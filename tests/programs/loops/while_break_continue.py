# args: [10]
# expect: 25
# args: [3]
# expect: 4
def f(n: int) -> int:
    i = 0
    total = 0
    while True:
        i += 1
        if i > n:
            break
        if i % 2 == 0:
            continue
        total += i
        if total > 20:
            break
    return total
