# args: [7]
# expect: 4
# args: [10]
# expect: 4
def f(n: int) -> int:
    c = 0
    for i in range(2, n + 1):
        if is_prime(i):
            c += 1
    return c


def is_prime(k: int) -> bool:
    if k < 2:
        return False
    d = 2
    while d * d <= k:
        if k % d == 0:
            return False
        d += 1
    return True
