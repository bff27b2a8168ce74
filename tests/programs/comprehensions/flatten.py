# args: [[[1, 2], [], [3]]]
# expect: [1, 2, 3]
def f(m: list[list[int]]) -> list[int]:
    return [x for row in m for x in row]
