# Lists compare lexicographically; a prefix sorts first.
# args: [[[1, 2], [1], [0, 9, 9], [1, 2, 0], []]]
# expect: [[], [0, 9, 9], [1], [1, 2], [1, 2, 0]]
def f(xss: list[list[int]]) -> list[list[int]]:
    return sorted(xss)
