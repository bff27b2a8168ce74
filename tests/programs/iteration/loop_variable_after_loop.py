# args: [['x', 'y']]
# expect: 'y'
def f(xs: list[str]) -> str:
    last = ''
    for w in xs:
        pass
    last = w
    return last
