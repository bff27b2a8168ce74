# args: [['a', 'b', 'c']]
# expect: ['1:a', '2:b', '3:c', '-1:a', '0:b', '1:c']
def f(xs: list[str]) -> list[str]:
    out: list[str] = []
    for i, x in enumerate(xs, 1):
        out.append(str(i) + ':' + x)
    for i, x in enumerate(xs, -1):
        out.append(str(i) + ':' + x)
    return out
