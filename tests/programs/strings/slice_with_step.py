# args: ['abcdef', 5, 1, -2]
# expect: 'fd'
# args: ['abcdef', -1, -7, -1]
# expect: 'fedcba'
# args: ['abcdef', 1, -1, 2]
# expect: 'bd'
# args: ['abcdef', 100, -100, -3]
# expect: 'fc'
# args: ['abcdef', 0, 6, 4]
# expect: 'ae'
# args: ['abcdef', -100, 100, 5]
# expect: 'af'
# args: ['abcdef', 0, 6, 0]
# raises: ValueError
# args: ['abcdef', 2, 4, -1]
# expect: ''
def f(s: str, a: int, b: int, c: int) -> str:
    return s[a:b:c]
