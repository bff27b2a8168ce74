# The iterator's arguments may be any expressions: they run at the same
# point as before, after the statements above and before the rest of the
# next one (here the pops happen once, before the map is drawn).
# args: [[1, 2, 3, 4]]
# expect: ([8, 6], [1, 2])
def halves(xs: list[int]) -> tuple[list[int], list[int]]:
    doubled = map(lambda x: 2 * x, [xs.pop(), xs.pop()])
    return sorted(doubled, reverse=True), xs
