# args: ["aAb"]
# expect: "aA"
# args: ["baA"]
# expect: "b-"
import re


def f(s: str) -> str:
    p = re.compile('A+', re.I)
    m = re.match(p, s)
    return m.group() if m else p.sub('-', s)
