# More than two constant tuples in a display: CPython's compiler folds them
# into a frozenset constant, whose order is rebuilt; so does the VM.
# args: [6]
# expect: [(1, 2), (-7, 8), (3, 4), (5, 6)]
# args: [0]
# expect: [(1, 2), (-7, 8), (3, 4), (5, 6)]
def f(n: int) -> list[tuple[int, int]]:
    return list({(1, 2), (3, 4), (5, 6), (-7, 8)})
