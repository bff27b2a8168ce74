# args: ["xab"]
# expect: (2, 2)
# args: ["xa"]
# expect: (-1, 2)
# args: ["z"]
# expect: (-2, -2)
import re


def f(s: str) -> tuple[int, int]:
    m = re.search('(a)(b)?', s)
    if m is None:
        return (-2, -2)
    return (m.start(2), m.end(1))
