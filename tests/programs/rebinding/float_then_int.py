# A float variable given an int at the top level holds the int (no
# conversion): CPython's value and type.
# args: [7]
# expect: 7
# args: [-2]
# expect: -2


def f(n: int) -> int:
    best = 0.5
    best = n
    return best
