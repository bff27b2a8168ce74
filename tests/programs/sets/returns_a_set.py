# args: [[3, 1, 3, 2]]
# expect: {1, 2, 3}
# args: [[5]]
# expect: {5}
def f(xs: list[int]) -> set[int]:
    return set(xs)
