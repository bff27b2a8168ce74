# error: Unsupported 2
class Box:
    pass


def f(n: int) -> int:
    return n
