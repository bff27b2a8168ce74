# args: [[5, 6, 7]]
# expect: 20
def f(xs: list[int]) -> int:
    return xs.pop() + xs.pop(0) + xs.index(6) + xs.count(6) * 8
