# args: [[3, 1, 2]]
# expect: [3, 2, 1]
def f(xs: list[int]) -> list[int]:
    return sorted(xs, reverse=True)
