# A defaultdict's read of a missing key stores the factory's value.
# args: ["112112", 6]
# expect: 6
from collections import defaultdict


def count_substrings(s: str, n: int) -> int:
    count, total = 0, 0
    mp = defaultdict(lambda: 0)
    mp[0] += 1
    for i in range(n):
        total += ord(s[i]) - ord("0")
        count += mp[total - (i + 1)]
        mp[total - (i + 1)] += 1
    return count
