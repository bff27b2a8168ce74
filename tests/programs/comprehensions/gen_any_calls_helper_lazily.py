# Only the items up to the first true one are checked.
# args: [[1, 3, 4, 6]]
# expect: [1, 3, 4]
def f(xs: list[int]) -> list[int]:
    seen: list[int] = []
    found = any(check(x, seen) for x in xs)
    if found:
        return seen
    return []


def check(x: int, seen: list[int]) -> bool:
    seen.append(x)
    return x % 2 == 0
