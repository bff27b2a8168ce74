# del xs[i] removes the item at i (negative from the end), as pop(i) does
# but with no value; an index out of range raises IndexError. Targets
# separated by commas are deleted left to right.
# args: [[1, 2, 3, 4], 1]
# expect: [3, 4]
# args: [[5, 6], -1]
# expect: []
# args: [[5, 6, 7], 5]
# raises: IndexError
# args: [[], 0]
# raises: IndexError
def f(xs: list[int], i: int) -> list[int]:
    del xs[i], xs[0]
    return xs
