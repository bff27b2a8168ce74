# args: ["ab,a,b,,"]
# expect: [("a", "b"), ("a", ""), ("", "b"), ("", "")]
import re


def f(s: str) -> list[tuple[str, str]]:
    return re.findall('(a)?(b)?,', s)
