# A table keyed by pairs, read with d[i, j] as well as d[(i, j)].
# args: [8]
# expect: 3432
# args: [1]
# expect: 1
def f(n: int) -> int:
    paths: dict[tuple[int, int], int] = {}
    for i in range(n):
        for j in range(n):
            paths[i, j] = 1 if i == 0 or j == 0 else paths[i - 1, j] + paths[(i, j - 1)]
    return paths[(n - 1, n - 1)]
