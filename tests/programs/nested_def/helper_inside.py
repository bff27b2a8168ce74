# A nested def that reads no local of its enclosing function is a helper.
# args: [5]
# expect: 36
def f(n: int) -> int:
    t = 1
    def sq(x: int) -> int:
        return x * x
    t += sq(n) + sq(n - 5)
    return t + 10
