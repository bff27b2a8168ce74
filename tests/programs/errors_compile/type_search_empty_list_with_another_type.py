# error: TypeError 8
# An empty list searched before its first append: the append tells its item
# type (int), so searching it for a list[int] is a type error, not a search
# that reads its ints as lists.
def f(xs: list[int]) -> int:
    seen = []
    for x in xs:
        if xs not in seen:
            seen.append(x)
    return len(seen)
