# args: [[]]
# raises: IndexError
# args: [[5]]
# expect: 5
def f(xs: list[int]) -> int:
    if isinstance(xs[0], str):
        return xs[0].count('a')
    return xs[0]
