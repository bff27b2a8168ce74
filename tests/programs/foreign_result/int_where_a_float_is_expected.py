# CPython keeps the int an entry returns where the tests expect a float, and
# == finds 0 equal to 0.0: the answer passes, and it is the int.
# signature: def f(n: int) -> float
# args: [0]
# expect: 0
# args: [3]
# expect: 1.5
def f(n):
    if n == 0:
        return 0
    return n / 2
