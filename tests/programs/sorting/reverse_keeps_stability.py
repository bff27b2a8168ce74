# reverse=True sorts descending but still keeps equal items in their
# original order (it is not the stable sort reversed).
# args: [[(1, 'a'), (2, 'b'), (1, 'c'), (2, 'd')]]
# expect: [(2, 'b'), (2, 'd'), (1, 'a'), (1, 'c')]
def f(ps: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return sorted(ps, key=lambda p: p[0], reverse=True)
