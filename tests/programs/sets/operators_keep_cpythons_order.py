# args: [[40, 8, 16, 1, 24, 3], [16, 99, 3, 32, 7]]
# expect: ([16, 3], [32, 1, 3, 99, 7, 40, 8, 16, 24], [40, 1, 8, 24], [16, 3], [1, 3, 7, 8, 16, 24, 32, 99, 40])
def f(a: list[int], b: list[int]) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    x, y = set(a), set(b)
    return list(x & y), list(x | y), list(x - y), list(x.intersection(b)), list(x.union(b))
