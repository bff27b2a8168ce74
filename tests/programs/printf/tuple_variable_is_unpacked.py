# args: [3, 'x']
# expect: '3-x'
# args: [-1, '']
# expect: '-1-'
def f(a: int, b: str) -> str:
    pair = (a, b)
    return "%d-%s" % pair
