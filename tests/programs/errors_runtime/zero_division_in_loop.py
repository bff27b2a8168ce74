# args: [0]
# expect: -19
# args: [3]
# raises: ZeroDivisionError
def f(k: int) -> int:
    total = 0
    for i in range(-3, k):
        total += 10 // i
    return total
