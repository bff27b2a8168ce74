# min and max of two lists compare them lexicographically.
# args: [[1, 9], [2]]
# expect: ([1, 9], [2])
# args: [[2], [2]]
# expect: ([2], [2])
def f(a: list[int], b: list[int]) -> tuple[list[int], list[int]]:
    return min(a, b), max(a, b)
