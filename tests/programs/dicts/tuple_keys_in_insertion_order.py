# Keys of (int, str) tuples: insertion order, lookups, get and del.
# args: [9]
# expect: [(1, 'b'), (2, 'a'), (0, 'b'), (1, 'a'), (2, 'b'), (1, 'b'), (2, 'a'), (2, 'b'), (1, 'b'), (2, 'a'), (0, 'b'), (1, 'a'), (2, 'b')]
def f(n: int) -> list[tuple[int, str]]:
    d = {}
    for i in range(n):
        d[(i % 3, 'abc'[i % 2])] = i
    del d[(0, 'a')]
    return list(d.keys()) + [k for k, v in d.items() if v > 4] + [k for k in d if d.get(k, -1) == d[k]]
