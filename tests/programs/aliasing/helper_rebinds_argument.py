# Rebinding a parameter does not touch the caller's list.
# args: [[1, 2]]
# expect: [1, 2]
def f(xs: list[int]) -> list[int]:
    replace(xs)
    return xs


def replace(ys: list[int]) -> None:
    ys = [9, 9]
    ys.append(9)
