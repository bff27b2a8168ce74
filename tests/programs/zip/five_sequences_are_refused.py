# error: Unsupported 3:37
def f(a: list[int]) -> int:
    return len(list(zip(a, a, a, a, a)))
