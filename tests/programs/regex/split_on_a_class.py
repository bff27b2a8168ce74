# args: ["a, b  c,d"]
# expect: [["a", "b", "c", "d"], ["a", "b  c,d"], ["a", ", ", "b", "  ", "c", ",", "d"]]
import re


def f(s: str) -> list[list[str]]:
    return [re.split(r'[,\s]+', s), re.split(r'[,\s]+', s, maxsplit=1), re.split(r'([,\s]+)', s)]
