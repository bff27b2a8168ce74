# args: [[[1, 2], [3, 4]]]
# expect: (True, False, True)
def same(rows: list[list[int]]) -> tuple[bool, bool, bool]:
    t = tuple(tuple(r) for r in rows)
    return t == ((1, 2), (3, 4)), ((1, 2), (3, 5)) == t, ((1, 2),) != t
