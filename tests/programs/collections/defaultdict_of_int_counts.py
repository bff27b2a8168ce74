# args: [[2, 3, 8, 4, 7, 9, 8, 2, 6, 5, 1, 6, 1, 2, 3, 2, 4, 6, 9, 1, 2]]
# expect: (2, 5)
from collections import defaultdict


def max_occurrences(nums: list[int]) -> tuple[int, int]:
    counts = defaultdict(int)
    for i in nums:
        counts[i] += 1
    result = max(counts.items(), key=lambda x: x[1])
    return result
