# The first `for` is the outer loop.
# args: [3]
# expect: [(1, 0), (2, 0), (2, 1)]
def f(n: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(n) for j in range(i)]
