# error: Unsupported 4
# all() stops at the first false item; filter's function is not called after it.
def f(xs: list[int]) -> bool:
    return all(filter(lambda x: 10 // x > 1, xs))
