# args: [["ab", "cde", "f"], 3]
# expect: 'cde'
# args: [["ab"], 3]
# expect: None
from typing import Optional


def first_long(words: list[str], n: int) -> Optional[str]:
    return next((w for w in words if len(w) >= n), None)
