# A Counter's missing key reads as 0 and is not stored.
# args: [[1, 2, 2, 3, 3, 3], 7]
# expect: (0, 3, 3)
from collections import Counter


def probe(xs: list[int], k: int) -> tuple[int, int, int]:
    c = Counter(xs)
    missing = c[k]
    return missing, c[3], len(c)
