# With ties, key=-x keeps original order where reverse=True does too:
# both are stable.
# args: [[(1, 'a'), (2, 'b'), (1, 'c')]]
# expect: (['b', 'a', 'c'], ['b', 'a', 'c'])
def f(ps: list[tuple[int, str]]) -> tuple[list[str], list[str]]:
    a = sorted(ps, key=lambda p: -p[0])
    b = sorted(ps, key=lambda p: p[0], reverse=True)
    return [p[1] for p in a], [p[1] for p in b]
