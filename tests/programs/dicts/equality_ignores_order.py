# args: []
# expect: (True, False, True)
def f() -> tuple[bool, bool, bool]:
    a = {'x': 1, 'y': 2}
    b = {'y': 2, 'x': 1}
    c = dict(a)
    c['x'] = 5
    return a == b, a == c, a != c
