# A comprehension's variable is its own: the function's `x` is unchanged.
# args: [5]
# expect: 11
def f(x: int) -> int:
    ys = [x * 2 for x in range(3)]
    return x + sum(ys)
