# zip() given whole to list() is the list of its pairs, up to the shorter's end.
# args: [[1, 5, 3], ["a", "b"]]
# expect: [(1, 'a'), (5, 'b')]
# args: [[], ["a"]]
# expect: []
def f(xs: list[int], ys: list[str]) -> list[tuple[int, str]]:
    return list(zip(xs, ys))
