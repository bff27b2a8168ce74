# args: [4]
# expect: 10
def f(n: int) -> int:
    total = 0
    for i in range(n + 1):
        k = 0
        while True:
            if k >= i:
                break
            k += 1
        total += k
    return total
