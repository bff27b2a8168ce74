# args: ['  a b\tc  ']
# expect: ['a', 'b', 'c']
# args: ['']
# expect: []
# args: ['   ']
# expect: []
def f(s: str) -> list[str]:
    return s.split()
