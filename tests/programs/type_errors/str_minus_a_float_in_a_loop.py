# The raise is the statement's, in a loop too: a loop that never runs the
# statement never raises.
# args: [["1.5"]]
# raises: TypeError
# args: [[]]
# expect: 0.5
def f(xs: list[str]) -> float:
    acc = 0.5
    for s in xs:
        acc = s - acc
    return acc
