# + joins tuples of one item type (fixed items or any length) into a tuple
# of any length; two tuples of fixed items make one of their items; * n
# repeats.
# args: [(1, 2), 3]
# expect: ((1, 2, 3, 1, 2), (1, 2, 1, 2, 1, 2), (0, 0, 0), (3, 3, 1, 2), ())
def f(t: tuple[int, ...], n: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, int, int, int], tuple[int, ...]]:
    pair = (n, n)
    return (t + (n,) + t, t * n, (0,) * n, pair + (1, 2), t * -1)
