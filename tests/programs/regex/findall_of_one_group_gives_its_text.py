# args: ["x=1, y=22, z="]
# expect: ["1", "22", ""]
import re


def f(s: str) -> list[str]:
    return re.findall(r'\w=(\d*)', s)
