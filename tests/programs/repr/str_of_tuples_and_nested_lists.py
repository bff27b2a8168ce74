# Tuples print as (a, b), and (a,) of one item; lists nest.
# args: [[3, 1]]
# expect: "[(0, 3), (1, 1)] (3,) [[3, 1], []] ([3, 1], 'x')"
def f(xs: list[int]) -> str:
    pairs = [(i, x) for i, x in enumerate(xs)]
    return str(pairs) + " " + str((xs[0],)) + " " + str([xs, []]) + " " + str((xs, "x"))
