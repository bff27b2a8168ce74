# A model's misreading of its parameter: CPython compiles len(n) of an int
# and raises TypeError only when it runs; the tests it does not reach pass.
# args: [0]
# expect: 0
# args: [3]
# raises: TypeError
def f(n: int) -> int:
    if n == 0:
        return 0
    total = 0
    for i in range(len(n) - 1):
        total += i
    return total
