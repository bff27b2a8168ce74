# error: Unsupported 3
def f(n: int) -> int:
    return total(i for i in range(n))


def total(xs: list[int]) -> int:
    return len(xs)
