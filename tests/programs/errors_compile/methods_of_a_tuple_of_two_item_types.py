# error: Unsupported 4:19
# CPython compares each item by its own ==; a typed search has one item type.
def f(s: str) -> int:
    return (s, 1).index(1)
