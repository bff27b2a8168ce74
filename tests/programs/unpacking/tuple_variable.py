# args: [(3, 'x')]
# expect: 'xxx'
def f(t: tuple[int, str]) -> str:
    n, s = t
    return s * n
