# CPython's timsort and the VM's merge sort compare different pairs, which
# order alike only where `<` is a strict weak order: a nan is unordered, so
# two items or more with one holding a nan go to CPython.
# order: sort-pairs
# args: [[3.0, nan, 1.0, 2.0]]
# raises: Unsupported
# args: [[nan]]
# expect: '[nan]'
# args: [[2.0, 1.0]]
# expect: '[1.0, 2.0]'
def f(xs: list[float]) -> str:
    return str(sorted(xs))
