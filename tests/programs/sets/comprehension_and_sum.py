# args: [[3, 1, 3, 2, 1]]
# expect: (6, 3, [1, 4, 9])
def f(xs: list[int]) -> tuple[int, int, list[int]]:
    sq = {x * x for x in xs}
    return sum(set(xs)), max(set(xs)), sorted(sq)
