# args: [[[1], [2], [1]]]
# expect: (2, 0, 1)
def f(xss: list[list[int]]) -> tuple[int, int, int]:
    return xss.count([1]), xss.count([]), xss.index([2])
