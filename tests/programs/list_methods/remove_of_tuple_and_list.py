# args: [[(1, 2), (3, 4), (1, 2)]]
# expect: [(3, 4), (1, 2)]
def f(ps: list[tuple[int, int]]) -> list[tuple[int, int]]:
    ps.remove((1, 2))
    return ps
