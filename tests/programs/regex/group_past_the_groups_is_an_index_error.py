# args: ["ab"]
# raises: IndexError
import re


def f(s: str) -> str:
    return re.match('(a)', s).group(2)
