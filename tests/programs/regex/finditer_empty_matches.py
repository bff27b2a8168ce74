# regex: cpython
# Empty matches are found once at each position, and a non-empty match
# may start where an empty one ended, as CPython's scanner walks.
# args: ["abc"]
# expect: [(0, 1), (1, 1), (2, 2), (3, 3)]
# args: ["aab"]
# expect: [(0, 2), (2, 2), (3, 3)]
import re


def spans(s: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer("a*", s)]
