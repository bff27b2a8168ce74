# args: ["a b  c"]
# expect: "a\nb\n\nc|a\\-b\\-\\-c|<a> <b>  <c>"
import re


def f(s: str) -> str:
    return re.sub(' ', r'\n', s) + '|' + re.sub(' ', r'\-', s) + '|' + re.sub(r'\w', r'<\g<0>>', s)
