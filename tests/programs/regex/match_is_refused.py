# error: Unsupported 6:15
import re


def f(s: str) -> bool:
    return re.fullmatch('a', s) is None
