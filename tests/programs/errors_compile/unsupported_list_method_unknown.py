# error: Unsupported 4
def f(n: int) -> int:
    xs = [n]
    xs.push(1)
    return n
