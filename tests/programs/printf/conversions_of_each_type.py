# args: [255, 2.5, "it's", True]
# expect: '255 255 255 255 255 ff FF 377 255.000000 255.000000|2.5 2.5 2.500000|it\'s "it\'s"|True 1 1 1.000000'
# args: [-8, -0.0, '', False]
# expect: "-8 -8 -8 -8 -8 -8 -8 -10 -8.000000 -8.000000|-0.0 -0.0 -0.000000| ''|False 0 0 0.000000"
# args: [0, 1e-07, 'a"b', True]
# expect: '0 0 0 0 0 0 0 0 0.000000 0.000000|1e-07 1e-07 0.000000|a"b \'a"b\'|True 1 1 1.000000'
def f(n: int, x: float, s: str, b: bool) -> str:
    ints = "%s %r %d %i %u %x %X %o %f %F" % (n, n, n, n, n, n, n, n, n, n)
    return ints + "|%s %r %f|%s %r|%s %d %x %f" % (x, x, x, s, s, b, b, b, b)
