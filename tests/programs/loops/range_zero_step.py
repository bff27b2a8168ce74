# args: [0]
# raises: ValueError
# args: [1]
# expect: 5
def f(step: int) -> int:
    n = 0
    for i in range(0, 5, step):
        n += 1
    return n
