# join() of items that are not strs: CPython's TypeError at the first item,
# after the iterable is built whole (its own errors first); of no items, ''.
# args: [[]]
# expect: ''
# args: [[2, 5]]
# raises: TypeError
# args: [[2, 0]]
# raises: ZeroDivisionError
def f(xs: list[int]) -> str:
    return "-".join([10 // x for x in xs])
