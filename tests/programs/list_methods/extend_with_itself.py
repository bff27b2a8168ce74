# Extending a list with itself doubles it once.
# args: [[1, 2]]
# expect: [1, 2, 1, 2]
def f(xs: list[int]) -> list[int]:
    xs.extend(xs)
    return xs
