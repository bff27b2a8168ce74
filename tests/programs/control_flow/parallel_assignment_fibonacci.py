# The right-hand side is evaluated before any target is assigned.
# args: [10]
# expect: 55
# args: [90]
# expect: 2880067194370816120
# args: [0]
# expect: 0
def f(n: int) -> int:
    a, b = 0, 1
    for i in range(n):
        a, b = b, a + b
    return a
