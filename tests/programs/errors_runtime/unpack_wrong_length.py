# Unpacking a list needs exactly as many items as targets.
# args: [[1, 2]]
# expect: 3
# args: [[1, 2, 3]]
# raises: ValueError
# args: [[1]]
# raises: ValueError
# args: [[]]
# raises: ValueError
def f(xs: list[int]) -> int:
    a, b = xs
    return a + b
