# args: ["2021-01-02 and 1999-12-31"]
# expect: [("2021", "01-02"), ("1999", "12-31")]
# args: ["ab a"]
# expect: []
import re


def f(s: str) -> list[tuple[str, str]]:
    return re.findall(r'(\d{4})-(\d\d-\d\d)', s)
