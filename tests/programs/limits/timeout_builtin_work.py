# A builtin's work spends fuel (one per 16 characters scanned): the same
# loop that runs its 100 rounds on a short string runs out on a long one.
# limits: {"fuel": 100000}
# args: [10]
# expect: 1000
# args: [100000]
# raises: Timeout
def f(n: int) -> int:
    s = 'ab' * n
    total = 0
    for i in range(100):
        total += s.count('a')
    return total
