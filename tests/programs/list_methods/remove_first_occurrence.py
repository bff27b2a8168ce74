# args: [[1, 2, 1, 2], 2]
# expect: [1, 1, 2]
# args: [[3, 3], 3]
# expect: [3]
def f(xs: list[int], x: int) -> list[int]:
    xs.remove(x)
    return xs
