# args: [[3, -3, 2, -2]]
# expect: (3, 2)
# args: [[-3, 3, -2, 2]]
# expect: (-3, -2)
def f(xs: list[int]) -> tuple[int, int]:
    return max(xs, key=abs), min(xs, key=abs)
