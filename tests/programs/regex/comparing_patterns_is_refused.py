# error: Unsupported 6:26
import re


def f(s: str) -> bool:
    return re.compile(s) == re.compile('a')
