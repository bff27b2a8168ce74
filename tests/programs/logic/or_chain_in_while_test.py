# A while test that is an `or` chain (copied to the loop's end, it keeps
# the chain's value): counts up while either operand holds.
# args: [10]
# expect: 10
# args: [0]
# expect: 1
def f(n: int) -> int:
    i = 0
    steps = 0
    while i < n or i == 0:
        i += 1
        steps += 1
    return steps
