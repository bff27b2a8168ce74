# regex: cpython
# args: ["(?=a)a"]
# raises: Unsupported
# args: ["a("]
# raises: Unsupported
# args: ["a+"]
# expect: ["aa", "a"]
import re


def f(p: str) -> list[str]:
    return re.findall(p, 'aa-a')
