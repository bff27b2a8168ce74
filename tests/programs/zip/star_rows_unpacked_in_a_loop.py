# args: [[(1, 2), (3, 4), (5, 6)]]
# expect: (9, 12)
def sums(pairs: list[tuple[int, int]]) -> tuple[int, int]:
    out = []
    for column in zip(*pairs):
        out.append(sum(column))
    return out[0], out[1]
