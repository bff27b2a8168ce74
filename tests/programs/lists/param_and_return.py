# args: [[3, 1, 2]]
# expect: [3, 1, 2, 6]
# args: [[]]
# expect: [0]
def f(xs: list[int]) -> list[int]:
    total = 0
    for x in xs:
        total += x
    return xs + [total]
