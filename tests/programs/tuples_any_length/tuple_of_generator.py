# tuple(iterable) makes a tuple of any length of the iterable's items.
# args: [(1, 2, 3), (3, 2, 1)]
# expect: (-2, 0, 2)
# args: [(), ()]
# expect: ()
def f(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b))
