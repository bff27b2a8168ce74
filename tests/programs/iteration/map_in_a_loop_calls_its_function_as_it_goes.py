# A loop over map() calls its function as it reaches each item, as
# CPython's lazy map does: a loop that stops early never calls it on the
# items after (10 // 0 is never computed here).
# args: [[1, 0]]
# expect: 10
# args: [[5, 0]]
# raises: ZeroDivisionError
def f(xs: list[int]) -> int:
    for y in map(lambda x: 10 // x, xs):
        if y > 3:
            return y
    return 0
