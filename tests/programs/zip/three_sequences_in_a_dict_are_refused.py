# dict() of triples is CPython's ValueError: the VM leaves it to CPython.
# error: Unsupported 4:17
def f(a: list[int]) -> dict[int, int]:
    return dict(zip(a, a, a))
