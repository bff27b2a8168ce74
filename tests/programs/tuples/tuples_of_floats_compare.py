# args: [(1.0, 2.5), (1.0, 2.25)]
# expect: (False, True)
def f(a: tuple[float, float], b: tuple[float, float]) -> tuple[bool, bool]:
    return a < b, a[1] - b[1] == 0.25
