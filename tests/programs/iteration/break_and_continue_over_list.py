# args: [[1, -2, 3, 0, 5]]
# expect: 4
def f(xs: list[int]) -> int:
    total = 0
    for x in xs:
        if x < 0:
            continue
        if x == 0:
            break
        total += x
    return total
