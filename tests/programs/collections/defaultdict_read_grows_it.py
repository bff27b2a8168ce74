# args: [["a", "b"], ["b", "c", "a"]]
# expect: (['a', 'b', 'c'], 3)
from collections import defaultdict


def seen(xs: list[str], ys: list[str]) -> tuple[list[str], int]:
    d = defaultdict(str)
    for x in xs:
        d[x] = x * 2
    for y in ys:
        _ = d[y]
    return list(d.keys()), len(d)
