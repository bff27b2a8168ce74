# Cased characters decide; non-letters are ignored, but one cased char is needed.
# args: ['abc1']
# expect: 'TF'
# args: ['ABC1']
# expect: 'FT'
# args: ['123']
# expect: 'FF'
# args: ['aB']
# expect: 'FF'
# args: ['']
# expect: 'FF'
def f(s: str) -> str:
    return ('T' if s.islower() else 'F') + ('T' if s.isupper() else 'F')
