# The append runs between the map's making and its draw: the VM leaves it
# to CPython (whose map then meets the appended item).
# error: Unsupported 5:9
def grow(xs: list[int]) -> list[int]:
    r = map(abs, xs)
    xs.append(-9)
    return list(r)
