# Two functions bind the same name: each binding is local to its own
# function, and each is handed to its next statement.
# entry: shifted
# args: [[3, -1, 2]]
# expect: [4, 3, 0, 9, 1, 4]
def squares(xs: list[int]) -> list[int]:
    it = map(lambda x: x * x, xs)
    return list(it)


def shifted(xs: list[int]) -> list[int]:
    it = map(lambda x: x + 1, xs)
    ys = sorted(it, reverse=True)
    return ys + squares(xs)
