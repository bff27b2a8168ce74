# args: ['']
# expect: ''
# args: ['hi']
# expect: 'hi!'
def f(s: str) -> str:
    return s and s + '!'
