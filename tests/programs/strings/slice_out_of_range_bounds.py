# Slice bounds clamp; they never raise.
# args: ['hello', -100, 100]
# expect: 'hello'
# args: ['hello', 3, 1]
# expect: ''
# args: ['hello', 10, 20]
# expect: ''
# args: ['hello', -2, 100]
# expect: 'lo'
# args: ['hello', 1, -1]
# expect: 'ell'
# args: ['', 0, 5]
# expect: ''
def f(s: str, a: int, b: int) -> str:
    return s[a:b]
