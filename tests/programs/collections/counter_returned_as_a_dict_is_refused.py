# The entry returns a Counter where its type says dict: left to CPython.
# error: TypeError 5:12
from collections import Counter
def freq(xs: list[int]) -> dict[int, int]:
    return Counter(xs)
