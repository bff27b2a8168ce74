# args: ['a']
# expect: 'x'
# args: ['']
# raises: UnboundLocalError
def f(s: str) -> str:
    for c in s:
        r = 'x'
    return r
