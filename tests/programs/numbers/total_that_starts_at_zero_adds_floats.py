# total = 0 then total += a float: the local holds an int, then floats.
# args: [[1.5, 2.25]]
# expect: 3.75
# args: [[]]
# expect: 0
# args: [[2, 0.5, 1]]
# expect: 3.5
def f(xs: list[int | float]) -> int | float:
    total = 0
    for x in xs:
        total = total + x
    return total
