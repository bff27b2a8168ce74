# A read before the store in a while loop sees the store's value from the
# last round: refused.
# error: TypeError 10:9
def f(n: int) -> int:
    x = 3
    k = 0
    while k < n:
        k += 1
        t = len(str(x))
        x = str(x) + "1"
    return k
