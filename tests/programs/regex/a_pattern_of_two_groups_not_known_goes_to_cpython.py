# regex: cpython
# args: ["(a)(b)"]
# raises: Unsupported
# args: ["(a)b"]
# expect: ["a"]
import re


def f(p: str) -> list[str]:
    return re.findall(p, 'abab'[:2])
