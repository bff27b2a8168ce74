# regex: cpython
# args: ["a"]
# raises: Unsupported
import re


def f(s: str) -> bool:
    p = re.compile('(?=a)')
    return s == 'a'
