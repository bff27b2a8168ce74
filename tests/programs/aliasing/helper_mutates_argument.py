# args: [[3, 1, 2]]
# expect: ([1, 2, 3, 0], 4)
def f(xs: list[int]) -> tuple[list[int], int]:
    n = normalize(xs)
    return xs, n


def normalize(ys: list[int]) -> int:
    ys.sort()
    ys.append(0)
    return len(ys)
