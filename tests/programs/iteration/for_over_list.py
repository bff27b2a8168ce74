# args: [[3, 4, 5]]
# expect: 345
# args: [[]]
# expect: 0
def f(xs: list[int]) -> int:
    n = 0
    for x in xs:
        n = n * 10 + x
    return n
