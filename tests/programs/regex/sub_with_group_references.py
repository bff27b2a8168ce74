# args: ["2021-01-02"]
# expect: "02/01/2021"
# args: ["no date"]
# expect: "no date"
import re


def f(s: str) -> str:
    return re.sub(r'(\d{4})-(\d{2})-(\d{2})', r'\3/\g<2>/\1', s)
