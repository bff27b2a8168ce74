# A read that CPython's None fails where the VM's Optional is None: an
# int | None local given None in a branch raises TypeError after it.
# args: [[1, 2, 3]]
# raises: TypeError
# args: [[1]]
# expect: 2
def f(xs: list[int]) -> int:
    a = len(xs)
    if a > 2:
        a = None
    return a + 1
