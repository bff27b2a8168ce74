# limits: {"fuel": 100000}
# args: [1000000000000]
# raises: Timeout
# args: [10]
# expect: 45
def f(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
        total %= 1000000007
    return total
