# args: [[3, -1, 2]]
# expect: ([1, 4, 9], [6, -2, 4])
def f(xs: list[int]) -> tuple[list[int], list[int]]:
    return sorted(x * x for x in xs), list(2 * x for x in xs)
