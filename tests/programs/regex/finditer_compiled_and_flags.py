# regex: cpython
# args: ["Ab aB ab", "ab"]
# expect: ([0, 3, 6], ['ab'], 3)
import re


def where(text: str, word: str) -> tuple[list[int], list[str], int]:
    p = re.compile(word)
    starts = [m.start() for m in re.finditer(word, text, re.I)]
    found = [m.group() for m in p.finditer(text)]
    n = 0
    for m in re.finditer(p, text.lower()):
        n += 1
    return starts, found, n
