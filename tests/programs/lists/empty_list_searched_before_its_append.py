# An empty list searched, counted and sorted before its first append knows
# its item type from that append.
# args: [[3, 1, 3, 2, 1]]
# expect: [3, 1, 2]
# args: [[]]
# expect: []
def f(xs: list[int]) -> list[int]:
    seen = []
    for x in xs:
        if x not in seen and seen.count(x) == 0 and sorted(seen) != [x]:
            seen.append(x)
    return seen
