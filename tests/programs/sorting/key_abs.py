# args: [[-3, 2, -1, 1, 3]]
# expect: [-1, 1, 2, -3, 3]
def f(xs: list[int]) -> list[int]:
    return sorted(xs, key=abs)
