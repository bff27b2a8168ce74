# args: [[1, 2, 3]]
# expect: 6
# args: [[]]
# expect: 0
def f(xs: list[int]) -> int:
    return sum(xs)
