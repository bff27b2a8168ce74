# args: ['']
# expect: 'default'
# args: ['x']
# expect: 'x'
def f(s: str) -> str:
    return s or 'default'
