# args: ['abc', '']
# expect: 'TT'
# args: ['abc', 'abcd']
# expect: 'FF'
# args: ['abc', 'a']
# expect: 'TF'
# args: ['abc', 'bc']
# expect: 'FT'
def f(s: str, p: str) -> str:
    r = 'T' if s.startswith(p) else 'F'
    return r + ('T' if s.endswith(p) else 'F')
