# args: [[[1, 2, 3], [4], [], [5, 6]]]
# expect: [[], [4], [5, 6], [1, 2, 3]]
def f(xss: list[list[int]]) -> list[list[int]]:
    return sorted(xss, key=len)
