# args: [[(1, 2), (3, 4)]]
# expect: [3, 7]
def f(ps: list[tuple[int, int]]) -> list[int]:
    return [a + b for a, b in ps]
