# dict() of a Counter is a plain dict: its missing key raises KeyError.
# args: [[4, 5, 4], 4]
# expect: 2
# args: [[4, 5, 4], 6]
# raises: KeyError
from collections import Counter


def plain(xs: list[int], k: int) -> int:
    d = dict(Counter(xs))
    return d[k]
