# args: [[10, 3, 8, 3, 10, 1]]
# expect: [8, 1, 10, 3]
def f(xs: list[int]) -> list[int]:
    out = []
    for x in set(xs):
        out.append(x)
    return out
