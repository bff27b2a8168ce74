# error: Unsupported 6:31
import re


def f(s: str, i: int) -> list[str]:
    return re.findall('a', s, i)
