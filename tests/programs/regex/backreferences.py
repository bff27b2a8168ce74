# args: ["abba xyzzy aa"]
# expect: ["b", "z", "a"]
import re


def f(s: str) -> list[str]:
    return re.findall(r'(\w)\1', s)
