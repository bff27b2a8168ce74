# args: ['hello']
# expect: 'olleh'
# args: ['']
# expect: ''
def f(s: str) -> str:
    if len(s) <= 1:
        return s
    return f(s[1:]) + s[0]
