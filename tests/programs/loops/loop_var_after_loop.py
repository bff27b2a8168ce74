# The loop variable keeps its last value; with no iteration it is unbound.
# args: [5]
# expect: 4
# args: [1]
# expect: 0
# args: [0]
# raises: UnboundLocalError
def f(n: int) -> int:
    for i in range(n):
        pass
    return i
