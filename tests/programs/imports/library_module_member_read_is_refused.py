# error: Unsupported 2:34
from collections import Counter, deque


def f(s: str) -> int:
    return len(deque(s)) + Counter(s)["a"]
