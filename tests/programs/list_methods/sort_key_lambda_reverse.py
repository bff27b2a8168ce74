# args: [[(1, 'x'), (3, 'y'), (2, 'z'), (3, 'w')]]
# expect: [(3, 'y'), (3, 'w'), (2, 'z'), (1, 'x')]
def f(ps: list[tuple[int, str]]) -> list[tuple[int, str]]:
    ps.sort(key=lambda p: p[0], reverse=True)
    return ps
