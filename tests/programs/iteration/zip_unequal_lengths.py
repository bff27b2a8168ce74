# zip stops at the shorter input.
# args: [[1, 2, 3], [10, 20]]
# expect: [11, 22]
# args: [[1], []]
# expect: []
def f(a: list[int], b: list[int]) -> list[int]:
    out: list[int] = []
    for x, y in zip(a, b):
        out.append(x + y)
    return out
