# args: [[(5, 6), (7, 8)]]
# expect: 21
def f(ps: list[tuple[int, int]]) -> int:
    total = 0
    for i, p in enumerate(ps):
        total += p[0] * i + p[1]
    return total
