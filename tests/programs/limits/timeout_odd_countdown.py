# Counting down by 2 from an odd number never reaches 0.
# limits: {"fuel": 100000}
# args: [4]
# expect: 2
# args: [3]
# raises: Timeout
def f(n: int) -> int:
    steps = 0
    while n != 0:
        n -= 2
        steps += 1
    return steps
