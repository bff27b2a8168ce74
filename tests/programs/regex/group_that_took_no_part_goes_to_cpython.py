# regex: cpython
# args: ["b"]
# raises: Unsupported
# args: ["a"]
# expect: "a"
import re


def f(s: str) -> str:
    m = re.match('(a)|b', s)
    return m.group(1) if m else ''
