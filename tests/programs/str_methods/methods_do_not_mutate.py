# args: ['abc']
# expect: 'abc'
def f(s: str) -> str:
    t = s.upper()
    u = s.replace('a', 'z')
    return s
