# args: ["aaa"]
# expect: [0, 3, 0, 1]
# args: ["aab"]
# raises: AttributeError
import re


def f(s: str) -> list[int]:
    m = re.fullmatch('(a)(a*)', s)
    start, end = m.span()
    return [start, end, m.start(1), m.end(1)]
