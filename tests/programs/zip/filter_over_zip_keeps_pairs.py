# filter() over zip() keeps the pairs its function accepts.
# args: [[1, 5, 3], [4, 2, 9]]
# expect: [(1, 4), (3, 9)]
def f(a: list[int], b: list[int]) -> list[tuple[int, int]]:
    return list(filter(lambda p: p[0] < p[1], zip(a, b)))
