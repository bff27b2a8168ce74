# entry: f
# args: [[3, 1, 4, 1, 5, 9, 2, 6]]
# expect: [2, 4, 6, 1, 3, 5, 9]
def evens(s: set[int]) -> set[int]:
    return {x for x in s if x % 2 == 0}


def f(xs: list[int]) -> list[int]:
    s = set(xs)
    e = evens(s)
    return list(e) + sorted(s - e)
