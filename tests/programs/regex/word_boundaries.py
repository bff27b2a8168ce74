# args: ["quickly and slowly, ally"]
# expect: [["quickly", "slowly", "ally"], ["ly", "ly", "ly"]]
# args: [""]
# expect: [[], []]
import re


def f(s: str) -> list[list[str]]:
    return [re.findall(r'\b\w+ly\b', s), re.findall(r'\Bly\b', s)]
