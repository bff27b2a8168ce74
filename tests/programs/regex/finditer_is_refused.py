# error: Unsupported 6:35
import re


def f(s: str) -> list[str]:
    return [m.group() for m in re.finditer('a', s)]
