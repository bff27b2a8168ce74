# args: ['abc']
# expect: 'TT'
# args: ['ab1']
# expect: 'FT'
# args: ['']
# expect: 'FF'
# args: ['a b']
# expect: 'FF'
# args: ['_']
# expect: 'FF'
def f(s: str) -> str:
    return ('T' if s.isalpha() else 'F') + ('T' if s.isalnum() else 'F')
