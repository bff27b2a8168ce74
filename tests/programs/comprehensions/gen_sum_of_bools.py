# Summing bools counts the true ones; the result is an int.
# args: [[3, -1, 0, 5]]
# expect: 2
# args: [[]]
# expect: 0
def f(xs: list[int]) -> int:
    return sum(x > 0 for x in xs)
