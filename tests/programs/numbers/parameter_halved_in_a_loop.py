# A parameter given a float in its body holds either class from the start:
# the call's int, then the floats it is given.
# args: [8]
# expect: 3
# args: [5]
# expect: 3
# args: [1]
# expect: 0
def f(n: int) -> int:
    steps = 0
    while n > 1:
        n = n / 2
        steps += 1
    return steps
