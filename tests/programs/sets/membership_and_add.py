# args: [[1, 2, 3, 2, 5, 1]]
# expect: [2, 1]
def f(xs: list[int]) -> list[int]:
    seen = set()
    dups = []
    for x in xs:
        if x in seen:
            dups.append(x)
        seen.add(x)
    return dups
