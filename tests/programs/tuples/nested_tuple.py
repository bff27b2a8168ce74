# args: [3, 4]
# expect: ((3, 4), 'p', 7)
def f(x: int, y: int) -> tuple[tuple[int, int], str, int]:
    p = (x, y)
    t = (p, 'p', p[0] + p[1])
    return t
