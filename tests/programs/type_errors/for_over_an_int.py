# args: [[]]
# expect: 0
# args: [[4]]
# raises: TypeError
def f(xs: list[int]) -> int:
    total = 0
    for x in xs:
        for d in x:
            total += d
    return total
