# args: [[1, 2, 3]]
# expect: [3, 2, 1]
def f(xs: list[int]) -> list[int]:
    out: list[int] = []
    for x in reversed(xs):
        out.append(x)
    return out
