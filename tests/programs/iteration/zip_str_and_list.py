# args: ['abcd', [3, 1, 2]]
# expect: 'aaabcc'
def f(s: str, ns: list[int]) -> str:
    r = ''
    for c, n in zip(s, ns):
        r += c * n
    return r
