# regex: cpython
# args: ["a-b_c"]
# raises: Unsupported
import re


def f(s: str) -> list[str]:
    return re.split('(-)|_', s)
