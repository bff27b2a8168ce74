# args: [[3, 9, 2]]
# expect: 9
# args: [[]]
# expect: -1
# args: [[-4, -7]]
# expect: -4
def f(xs: list[int]) -> int:
    best = None
    for x in xs:
        if best is None or x > best:
            best = x
    return -1 if best is None else best
