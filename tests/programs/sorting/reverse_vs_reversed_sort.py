# args: [['ab', 'c', 'de', 'f']]
# expect: (['ab', 'de', 'c', 'f'], ['de', 'ab', 'f', 'c'])
def f(xs: list[str]) -> tuple[list[str], list[str]]:
    a = sorted(xs, key=len, reverse=True)
    b = sorted(xs, key=len)[::-1]
    return a, b
