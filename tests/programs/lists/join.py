# args: [['a', 'b', 'c'], '-']
# expect: 'a-b-c'
# args: [[], '-']
# expect: ''
# args: [['x'], ', ']
# expect: 'x'
# args: [['', ''], '+']
# expect: '+'
def f(xs: list[str], sep: str) -> str:
    return sep.join(xs)
