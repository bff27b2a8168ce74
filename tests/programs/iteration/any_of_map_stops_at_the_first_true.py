# any(map(f, xs)) calls f one item at a time and stops at the first true
# result, as CPython's lazy map does: 10 // 0 is never computed here.
# args: [[5, 1, 0]]
# expect: (True, False)
# args: [[5, 0, 1]]
# raises: ZeroDivisionError
def f(xs: list[int]) -> tuple[bool, bool]:
    return any(map(lambda x: 10 // x > 5, xs)), all(map(lambda x: 10 // x > 5, xs))
