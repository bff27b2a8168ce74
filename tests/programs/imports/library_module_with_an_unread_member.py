# collections is a library module; deque is none of its members, but the
# program never reads it: the import binds it, as in CPython, to no effect.
# args: ["abca"]
# expect: 2
from collections import Counter, deque


def f(s: str) -> int:
    return Counter(s)["a"]
