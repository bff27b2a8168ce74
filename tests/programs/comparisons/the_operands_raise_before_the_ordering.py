# args: [[1], 'b']
# raises: IndexError
# args: [[1, 2, 3, 4], 'b']
# raises: TypeError
def f(xs: list[int], s: str) -> bool:
    return xs[3] >= s[0]
