# A result keyed by tuples, compared with the expected dict in any order.
# args: [[3, 1, 3, 2, 1]]
# expect: {(3, 1): 1, (1, 3): 1, (3, 2): 1, (2, 1): 1}
# args: [[4, 4, 4]]
# expect: {(4, 4): 2}
def f(xs: list[int]) -> dict[tuple[int, int], int]:
    pairs = {}
    for a, b in zip(xs, xs[1:]):
        pairs[(a, b)] = pairs.get((a, b), 0) + 1
    return pairs
