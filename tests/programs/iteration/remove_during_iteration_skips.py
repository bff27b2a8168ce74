# Removing the current item shifts the next one under the loop's index, so
# it is skipped.
# args: [[2, 4, 5, 6]]
# expect: [4, 5]
def f(xs: list[int]) -> list[int]:
    for x in xs:
        if x % 2 == 0:
            xs.remove(x)
    return xs
