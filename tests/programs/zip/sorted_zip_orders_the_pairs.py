# sorted() of a zip sorts its pairs, the second item breaking ties.
# args: [[3, 1, 3, 2], [9, 8, 7, 6]]
# expect: [8, 6, 7, 9]
def f(keys: list[int], values: list[int]) -> list[int]:
    return [v for _, v in sorted(zip(keys, values))]
