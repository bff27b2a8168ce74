# The items' length is not the type's: the VM leaves the answer to CPython.
# args: [[[1, 2, 3], [4, 5, 6]]]
# raises: Unsupported
def pairs(rows: list[list[int]]) -> tuple[tuple[int, int], tuple[int, int]]:
    return tuple(tuple(r) for r in rows)
