# args: [[1, 2, 3], 10]
# expect: [11, 12, 13]
def f(xs: list[int], k: int) -> list[int]:
    return [x + k for x in xs]
