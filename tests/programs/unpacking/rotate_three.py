# args: [[1], [2], [3]]
# expect: ([2], [3], [1])
def f(a: list[int], b: list[int], c: list[int]) -> tuple[list[int], list[int], list[int]]:
    a, b, c = b, c, a
    return a, b, c
