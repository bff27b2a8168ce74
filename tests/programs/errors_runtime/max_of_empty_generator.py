# args: [[1, -2]]
# expect: 1
# args: [[-1, -2]]
# raises: ValueError
def f(xs: list[int]) -> int:
    return max(x for x in xs if x > 0)
