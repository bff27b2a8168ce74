# An int-valued `or` used as a condition.
# args: [0, 0]
# expect: 'no'
# args: [0, 3]
# expect: 'yes'
def f(a: int, b: int) -> str:
    if a or b:
        return 'yes'
    return 'no'
