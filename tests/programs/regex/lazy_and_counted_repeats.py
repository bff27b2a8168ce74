# args: ["<a><bb>aaaa"]
# expect: [["<a>", "<bb>"], ["<a><bb>"], ["aa", "aa"], ["a", "aaa", "a"], ["a", "a", "a", "a", "a"]]
import re


def f(s: str) -> list[list[str]]:
    return [re.findall('<.*?>', s), re.findall('<.*>', s), re.findall('a{2}', s), re.findall('a{1,3}', s),
            re.findall('a{1,3}?', s)]
