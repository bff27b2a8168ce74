# args: [10]
# expect: [(0, 1), (1, 1), (1, 2), (2, 3), (3, 5)]
def f(n: int) -> list[tuple[int, int]]:
    a, b = 0, 1
    out: list[tuple[int, int]] = []
    while a < n // 2:
        out.append((a, b))
        a, b = b, a + b
    return out
