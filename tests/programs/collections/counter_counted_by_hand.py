# An empty Counter learns its key type from its first use.
# args: ["hello world"]
# expect: [('l', 3), ('o', 2), ('h', 1)]
from collections import Counter


def top(text: str) -> list[tuple[str, int]]:
    c = Counter()
    for ch in text:
        if ch != " ":
            c[ch] += 1
    return c.most_common(3)
