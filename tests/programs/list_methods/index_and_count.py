# args: [['a', 'b', 'a', 'c'], 'a']
# expect: (0, 2)
# args: [['a', 'b', 'a', 'c'], 'c']
# expect: (3, 1)
def f(xs: list[str], x: str) -> tuple[int, int]:
    return xs.index(x), xs.count(x)
