# args: ["ab\n"]
# expect: [["b"], [], ["b"]]
# args: ["b\nb"]
# expect: [["b"], ["b"], ["b", "b"]]
import re


def f(s: str) -> list[list[str]]:
    return [re.findall(r'b$', s), re.findall(r'b\Z', s), re.findall(r'b$', s, re.M)]
