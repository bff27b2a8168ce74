# An endless loop stops at the instruction budget.
# limits: {"fuel": 100000}
# args: [1]
# raises: Timeout
def f(n: int) -> int:
    while True:
        n += 0
    return n
