# args: [5]
# expect: 15
def f(n: int) -> int:
    m = bump(n)
    return n + m


def bump(n: int) -> int:
    n += 5
    return n
