# args: [4]
# expect: 2.0
# args: [0]
# expect: 1.0
def f(n: int) -> float:
    total = 0.0
    for i in range(n):
        total += i / 2
    total *= 2
    total -= n
    total /= 2
    return total + 1
