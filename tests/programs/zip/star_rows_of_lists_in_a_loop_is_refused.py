# A loop over zip(*rows) of lists: CPython would see a row the body
# changes; the VM leaves it to CPython.
# error: Unsupported 6:22
def cols(m: list[list[int]]) -> int:
    total = 0
    for a, b in zip(*m):
        m[0].append(a)
        total += a + b
    return total
