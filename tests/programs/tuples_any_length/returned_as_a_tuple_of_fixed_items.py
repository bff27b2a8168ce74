# tuple(...) returned where the function's type is a tuple of n items: the
# tuple it makes has n items, or the VM cannot hold it (the CPython path
# judges that run).
# args: [[1, 2, 3]]
# expect: (2, 3, 4)
# args: [[1, 2]]
# raises: Unsupported
def f(xs: list[int]) -> tuple[int, int, int]:
    res = tuple(x + 1 for x in xs)
    return res
