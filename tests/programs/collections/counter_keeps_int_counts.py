# A Counter's values are counts: a store of a str is refused (CPython
# would keep it, and still read a missing key as 0).
# error: TypeError 10:5
from collections import Counter


def f(s: str) -> int:
    c = Counter()
    n = len(c)
    c["a"] = s
    return c["b"] + n
