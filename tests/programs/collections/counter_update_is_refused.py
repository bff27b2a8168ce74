# Counter.update counts the iterable's items: left to CPython.
# error: Unsupported 6:7
from collections import Counter
def more(a: str, b: str) -> int:
    c = Counter(a)
    c.update(b)
    return c["x"]
