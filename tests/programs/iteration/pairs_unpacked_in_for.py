# args: [[(1, 'a'), (2, 'b')]]
# expect: 'abb'
def f(ps: list[tuple[int, str]]) -> str:
    r = ''
    for n, s in ps:
        r += s * n
    return r
