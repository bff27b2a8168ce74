# args: [[1, 2, 3, 4], [1, 5, 3], [1, 2, 3]]
# expect: [1, 3]
# args: [[], [1], [1]]
# expect: []
def same_at(a: list[int], b: list[int], c: list[int]) -> list[int]:
    out = []
    for x, y, z in zip(a, b, c):
        if x == y == z:
            out.append(x)
    return out
