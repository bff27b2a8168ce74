# Tuples order lexicographically, so max finds the largest first item,
# ties broken by the second.
# args: [[(2, 'b'), (3, 'a'), (3, 'c'), (1, 'z')]]
# expect: ((1, 'z'), (3, 'c'))
def f(ps: list[tuple[int, str]]) -> tuple[tuple[int, str], tuple[int, str]]:
    return min(ps), max(ps)
