# args: [[3, -1, 4, 1, -5]]
# expect: (-5, 4)
# args: [[7]]
# expect: (7, 7)
def f(xs: list[int]) -> tuple[int, int]:
    return min(xs), max(xs)
