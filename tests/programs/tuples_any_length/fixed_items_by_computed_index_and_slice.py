# A tuple of fixed items of one type is also indexed by a computed index
# (IndexError out of range) and sliced (a tuple of any length), as a
# tuple of any length is.
# args: [(4, 5, 6), 1]
# expect: (5, 6, (5, 6), (6, 5, 4), 15)
# args: [(4, 5, 6), -3]
# expect: (4, 6, (4, 5, 6), (6, 5, 4), 15)
# args: [(4, 5, 6), 3]
# raises: IndexError
def f(t: tuple[int, int, int], i: int) -> tuple[int, int, tuple[int, ...], tuple[int, ...], int]:
    total = 0
    for k in range(len(t)):
        total += t[k]
    return (t[i], t[len(t) - 1], t[i:], t[::-1], total)
