# args: [['ccc', 'a', 'bb', 'd']]
# expect: ['a', 'd', 'bb', 'ccc']
def f(xs: list[str]) -> list[str]:
    xs.sort(key=len)
    return xs
