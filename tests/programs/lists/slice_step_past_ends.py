# Slice bounds clamp; they never raise, whatever the step.
# args: [['a', 'b', 'c', 'd', 'e']]
# expect: [['a', 'd'], ['b', 'd'], ['a', 'c', 'e'], ['e', 'd', 'c', 'b', 'a'], [], []]
def f(xs: list[str]) -> list[list[str]]:
    return [xs[::3], xs[1::2], xs[-100:100:2], xs[100:-100:-1], xs[100:], xs[1:4:-1]]
