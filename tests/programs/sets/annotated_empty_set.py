# args: ['hello world']
# expect: 8
from typing import Set


def f(s: str) -> int:
    seen: set[str] = set()
    vowels: Set[str] = {'a', 'e', 'i', 'o', 'u'}
    for c in s:
        seen.add(c)
    return len(seen) + len(vowels & seen) - 2
