# A set of tuples of ints iterates in CPython's order: a tuple hashes as
# CPython's tuplehash over its items' hashes.
# args: [12]
# expect: [(0, 1), (2, 4), (1, 2), (2, 1), (0, 0), (0, 3), (2, 0), (1, 4), (0, 2), (2, 2), (1, 0), (1, 3)]
# args: [0]
# expect: []
def f(n: int) -> list[tuple[int, int]]:
    s = set()
    for i in range(n):
        s.add((i % 3, i * 7 % 5))
    return list(s)
