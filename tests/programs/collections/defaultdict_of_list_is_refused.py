# error: Unsupported 4:21
from collections import defaultdict
def group(pairs: list[tuple[str, int]]) -> int:
    d = defaultdict(list)
    for k, v in pairs:
        d[k].append(v)
    return len(d)
