# A generator expression bound to a name: its first iterable is evaluated
# at once, its items as sum() draws them.
# args: [[1, 2, 3]]
# expect: 14
def squares(xs: list[int]) -> int:
    gen = (x * x for x in xs)
    return sum(gen)
