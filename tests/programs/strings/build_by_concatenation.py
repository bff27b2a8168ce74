# Strings are immutable: building one leaves the source unchanged.
# args: ['abc']
# expect: 'cbaabc'
def f(s: str) -> str:
    r = ''
    for c in s:
        r = c + r
    return r + s
