# Handing on the order of a set of tuples that hold a str: CPython's
# salted order, which the CPython path gives.
# args: [3]
# order: str-hash
# raises: Unsupported
def f(n: int) -> list[tuple[str, int]]:
    return list({(str(i), i) for i in range(n)})
