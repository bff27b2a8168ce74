# args: [27]
# expect: 111
# args: [1]
# expect: 0
def f(n: int) -> int:
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps
