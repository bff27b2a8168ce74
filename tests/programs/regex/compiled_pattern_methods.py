# args: ["ab1cd2"]
# expect: (["ab", "cd"], "-1-2", ["", "1cd2"], True, False)
import re


def f(s: str) -> tuple[list[str], str, list[str], bool, bool]:
    regex = re.compile('[a-z]+')
    return (regex.findall(s), regex.sub('-', s), regex.split(s, 1), regex.match(s) is not None,
            regex.fullmatch(s) is not None)
