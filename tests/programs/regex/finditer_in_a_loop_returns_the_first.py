# regex: cpython
# A loop over re.finditer: each Match is made as the loop reaches it.
# args: ["clearly!! we can see the sky"]
# expect: (0, 7, 'clearly')
# args: ["we can see"]
# expect: None
import re
from typing import Optional


def find_adverb_position(text: str) -> Optional[tuple[int, int, str]]:
    for m in re.finditer(r"\w+ly", text):
        return (m.start(), m.end(), m.group(0))
    return None
