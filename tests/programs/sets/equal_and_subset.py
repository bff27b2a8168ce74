# args: ['eabcdzzzz', 'dddzzzzzzzddeddabc']
# expect: (True, True, False, True)
def f(s0: str, s1: str) -> tuple[bool, bool, bool, bool]:
    a, b = set(s0), set(s1)
    return a == b, a <= b, a < b, set('abc').issubset(s0)
