# args: ["a"]
# expect: [True, False, True, False]
# args: ["b"]
# expect: [False, True, False, True]
import re


def f(s: str) -> list[bool]:
    m = re.match('a', s)
    return [bool(m), not m, m is not None, m == re.match('a', s)]
