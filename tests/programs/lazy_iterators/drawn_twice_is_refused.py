# CPython's second draw finds the map spent ([]): the name is read twice,
# which the VM leaves to CPython.
# error: Unsupported 5:9
def twice(xs: list[int]) -> list[int]:
    r = map(abs, xs)
    a = list(r)
    b = list(r)
    return a + b
