# Tuples sort by first item, then second, ...
# args: [[(2, 'a'), (1, 'b'), (2, 'A'), (1, 'a')]]
# expect: [(1, 'a'), (1, 'b'), (2, 'A'), (2, 'a')]
def f(ps: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return sorted(ps)
