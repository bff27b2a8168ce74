# args: [3]
# expect: 6
def f(n: int) -> int:
    xs = [n, n, n]
    ys: list[int] = []
    zs = [[1, 2], [], [3]]
    return len(xs) + len(ys) + len(zs)
