# args: ['abc']
# expect: 'cba'
# args: ['']
# expect: ''
def f(s: str) -> str:
    r = ''
    for c in reversed(s):
        r += c
    return r
