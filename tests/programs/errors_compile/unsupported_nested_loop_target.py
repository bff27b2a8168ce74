# error: Unsupported 5
def f(n: int) -> int:
    ps = [(n, n)]
    total = 0
    for i, (a, b) in enumerate(ps):
        total += i + a + b
    return total
