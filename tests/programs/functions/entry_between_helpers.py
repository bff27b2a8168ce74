# entry: solve
# args: [5]
# expect: 36
def inc(x: int) -> int:
    return x + 1


def solve(n: int) -> int:
    return sq(inc(n))


def sq(x: int) -> int:
    return x * x
