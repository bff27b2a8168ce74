# args: [[1, 2, 3], 2]
# expect: 2
# args: [[1, 2, 3], 0]
# raises: ValueError
def f(xs: list[int], k: int) -> int:
    return len(xs[::k])
