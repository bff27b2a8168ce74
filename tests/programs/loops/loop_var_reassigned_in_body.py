# Assigning the loop variable does not change the iteration.
# args: [5]
# expect: 60
def f(n: int) -> int:
    total = 0
    for i in range(n):
        i += 10
        total += i
    return total
