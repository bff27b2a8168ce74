# args: [()]
# expect: 'empty'
# args: [('a',)]
# expect: 'a'
def f(t: tuple[str, ...]) -> str:
    if not t:
        return 'empty'
    return ''.join(t)
