# args: ["aAaA"]
# expect: ["xxaA", "xxxx", "aAaA", "xAaA"]
import re


def f(s: str) -> list[str]:
    return [re.sub('a', 'x', s, 2, re.I), re.sub('a', 'x', s, flags=re.IGNORECASE),
            re.sub('a', 'x', s, count=-1), re.sub('a', 'x', s, count=1)]
