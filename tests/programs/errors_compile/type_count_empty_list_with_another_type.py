# error: TypeError 7
# list.count() of an empty list before its first append: the item type the
# append tells (int) is what count() compares with.
def f(xs: list[int]) -> int:
    seen = []
    for x in xs:
        if seen.count(xs) == 0:
            seen.append(x)
    return len(seen)
