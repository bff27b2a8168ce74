# map(f, a, b) calls f with an item of each, up to the shorter's end.
# args: [[7, 1, 4], [2, 5]]
# expect: [5, 4]
# args: [[], [2, 5]]
# expect: []
def f(a: list[int], b: list[int]) -> list[int]:
    return list(map(lambda x, y: abs(x - y), a, b))
