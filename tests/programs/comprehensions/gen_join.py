# args: ['a1b22c3', [1, 20, 3]]
# expect: ('1223', '1-20-3')
# args: ['abc', []]
# expect: ('', '')
def f(s: str, xs: list[int]) -> tuple[str, str]:
    return ''.join(c for c in s if c.isdigit()), '-'.join(str(x) for x in xs)
