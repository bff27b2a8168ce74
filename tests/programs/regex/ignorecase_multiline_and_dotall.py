# args: ["Abc\nabC\nx"]
# expect: [["Abc", "abC"], ["Abc", "abC"], ["C\nx"], ["Abc"]]
import re


def f(s: str) -> list[list[str]]:
    return [re.findall('^abc$', s, re.I | re.M), re.findall('(?im)^abc$', s), re.findall("c.x", s, re.S | re.I),
            re.findall('[a-c]+', s.split()[0], flags=re.IGNORECASE)]
