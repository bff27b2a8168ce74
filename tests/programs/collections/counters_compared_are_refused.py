# Counter == Counter counts a missing key as 0 (Python 3.10 on): left to
# CPython.
# error: Unsupported 7:23
from collections import Counter

def same(a: str, b: str) -> bool:
    return Counter(a) == Counter(b)
