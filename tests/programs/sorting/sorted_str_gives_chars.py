# args: ['banana']
# expect: (['a', 'a', 'a', 'b', 'n', 'n'], 'aaabnn')
def f(s: str) -> tuple[list[str], str]:
    cs = sorted(s)
    return cs, ''.join(cs)
