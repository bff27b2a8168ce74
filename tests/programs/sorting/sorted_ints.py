# args: [[3, -1, 2, -1, 0]]
# expect: [-1, -1, 0, 2, 3]
# args: [[]]
# expect: []
def f(xs: list[int]) -> list[int]:
    return sorted(xs)
