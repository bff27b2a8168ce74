# A loop whose counter update is skipped by continue.
# limits: {"fuel": 100000}
# args: [5]
# raises: Timeout
def f(n: int) -> int:
    i = 0
    while i < n:
        if i == 2:
            continue
        i += 1
    return i
