# args: ['hello']
# expect: 'olleh'
# args: ['']
# expect: ''
def f(s: str) -> str:
    return s[::-1]
