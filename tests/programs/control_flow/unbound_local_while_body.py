# args: [3]
# expect: 2
# args: [0]
# raises: UnboundLocalError
def f(n: int) -> int:
    i = 0
    while i < n:
        last = i
        i += 1
    return last
