# CPython raises StopIteration when the generator yields nothing: the VM
# leaves it to CPython.
# error: Unsupported 5:12
def first(xs: list[int]) -> int:
    return next(x for x in xs)
