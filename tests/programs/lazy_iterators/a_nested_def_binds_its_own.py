# A nested def that binds the same name has its own variable: the outer
# one is still read once, by the next statement.
# args: [[3, -1, 2]]
# expect: [3, 1, 2, 9, 1, 4]
def f(xs: list[int]) -> list[int]:
    def squares(ys: list[int]) -> list[int]:
        it = map(lambda y: y * y, ys)
        return list(it)

    it = map(abs, xs)
    out = list(it)
    return out + squares(xs)
