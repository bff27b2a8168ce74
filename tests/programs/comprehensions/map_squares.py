# args: [[1, -2, 3]]
# expect: [1, 4, 9]
# args: [[]]
# expect: []
def f(xs: list[int]) -> list[int]:
    return [x * x for x in xs]
