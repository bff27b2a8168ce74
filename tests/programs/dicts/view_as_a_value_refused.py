# error: Unsupported 4:12
def f(d: int) -> int:
    m = {1: 2}
    ks = m.keys()
    return len(ks)
