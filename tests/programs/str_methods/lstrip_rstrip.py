# args: ['  ab  ']
# expect: '[ab  |  ab]'
# args: ['\t\n']
# expect: '[|]'
def f(s: str) -> str:
    return '[' + s.lstrip() + '|' + s.rstrip() + ']'
