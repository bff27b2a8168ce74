# Deleting from the list a for loop walks: the loop reads by index, so it
# stops early, as CPython's list iterator does.
# args: [[1, 2, 3, 4, 5]]
# expect: [4, 5]
# args: [[7]]
# expect: []
def f(xs: list[int]) -> list[int]:
    for x in xs:
        del xs[0]
    return xs
