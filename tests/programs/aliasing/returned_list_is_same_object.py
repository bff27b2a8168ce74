# args: [[]]
# expect: [1, 2]
def f(xs: list[int]) -> list[int]:
    ys = add(xs, 1)
    ys.append(2)
    return xs


def add(zs: list[int], v: int) -> list[int]:
    zs.append(v)
    return zs
