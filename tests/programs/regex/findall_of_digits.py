# args: ["a12b3c456"]
# expect: ["12", "3", "456"]
# args: ["none here"]
# expect: []
import re


def f(s: str) -> list[str]:
    return re.findall(r'\d+', s)
